import type { KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { FleetTimer } from '../../jobs/fleetTimer';
import type { Logger } from '../../logger';
import { validAt, type PlatformCertificate } from './certificates';
import { readCertificates, storeCertificates } from './certificateStore';
import { verifyWechatPay, type WechatPaySignature } from './protocol';

/** How often one process of the fleet downloads the certificates again (WeChat Pay renews them with an overlap of days). */
export const CERTIFICATE_REFRESH_MS = 12 * 3600_000;
/** How long a process keeps its copy of the stored certificates before reading them again. */
const STORE_READ_MS = 10 * 60_000;
/** A serial no certificate names makes a process download the certificates at most this often. */
export const UNKNOWN_SERIAL_DOWNLOAD_MS = 60_000;

export interface PlatformKeysOptions {
  /** Public-key mode: WeChat Pay's public key and its id (PUB_KEY_ID_…). */
  publicKey?: { id: string; key: KeyObject } | undefined;
  /** Certificate mode: `GET /v3/certificates`, answered certificates already decrypted and the answer verified. */
  download?: (() => Promise<PlatformCertificate[]>) | undefined;
  /** Where the fleet keeps the downloaded certificates, and who logs the scheduled refresh; absent: this process's memory only. */
  fleet?: { db: Kysely<DB>; logger: Logger } | undefined;
  /** The wall clock: certificates' validity. */
  clock: () => number;
}

/**
 * WeChat Pay's keys that verify its answers and notifications, by the serial their Wechatpay-Serial
 * names (docs/decisions/065): the public key by its id, and in certificate mode every valid platform
 * certificate by its serial. Both modes may be on at once (a migration from one to the other): then
 * either verifies. In certificate mode a serial not known yet is looked for in the fleet's store,
 * then downloaded (at most once a minute per process), before it is refused.
 */
export class PlatformKeys {
  private certificates = new Map<string, PlatformCertificate>();
  private readAt = Number.NEGATIVE_INFINITY;
  private downloadedAt = Number.NEGATIVE_INFINITY;
  private downloading: Promise<void> | null = null;
  private readonly timer: FleetTimer | null;

  constructor(private readonly options: PlatformKeysOptions) {
    if (!options.publicKey && !options.download) throw new Error('WeChat Pay needs its public key or certificate mode');
    const { fleet } = options;
    this.timer =
      fleet && options.download
        ? new FleetTimer({
            db: fleet.db,
            name: 'wechatpay-certificates',
            failure: 'WeChat Pay certificate download failed',
            logger: fleet.logger,
            now: options.clock,
            work: () => this.download(),
          })
        : null;
  }

  /** The serial a request names in Wechatpay-Serial: the public key's id when there is one, else the newest valid certificate's. */
  async requestSerial(): Promise<string | null> {
    if (this.options.publicKey) return this.options.publicKey.id;
    await this.current();
    if (!this.newest()) await this.downloadOnceAWhile();
    return this.newest()?.serial ?? null;
  }

  /** The serial known now without asking anyone: what the certificates' own download names. */
  knownSerial(): string | null {
    return this.options.publicKey?.id ?? this.newest()?.serial ?? null;
  }

  /** The key of this serial this process holds now, valid (no store read, no download). */
  heldKey(serial: string): KeyObject | null {
    if (this.options.publicKey?.id === serial) return this.options.publicKey.key;
    const certificate = this.certificates.get(serial.toUpperCase());
    return certificate && validAt(certificate, this.options.clock()) ? certificate.publicKey : null;
  }

  /** Whether WeChat Pay signed this body with the key its Wechatpay-Serial names; an unknown serial is refused. */
  async verify(headers: WechatPaySignature, body: string): Promise<boolean> {
    const key = await this.keyFor(headers.serial);
    return key !== null && verifyWechatPay({ publicKey: key, serial: headers.serial }, headers, body);
  }

  /** The key a serial names, valid now; null when none does, after the store and one download in certificate mode. */
  async keyFor(serial: string): Promise<KeyObject | null> {
    if (!this.options.download || this.options.publicKey?.id === serial) return this.heldKey(serial);
    await this.current();
    if (this.heldKey(serial)) return this.heldKey(serial);
    // Another process may have downloaded it already; else WeChat Pay has renewed its certificates.
    await this.readStore();
    if (!this.heldKey(serial)) await this.downloadOnceAWhile();
    return this.heldKey(serial);
  }

  /** Downloads the certificates now and keeps them for the fleet (the schedule's run, and a first use). */
  async download(): Promise<void> {
    const { download, fleet, clock } = this.options;
    if (!download) return;
    if (this.downloading) return this.downloading;
    this.downloading = (async () => {
      this.downloadedAt = clock();
      const fetched = await download();
      for (const certificate of fetched) this.certificates.set(certificate.serial, certificate);
      if (fleet) await storeCertificates(fleet.db, fetched, clock());
    })().finally(() => {
      this.downloading = null;
    });
    return this.downloading;
  }

  /** Downloads again every 12 hours, one process of the fleet at a time (certificate mode with a fleet store only). */
  startRefresh(intervalMs = CERTIFICATE_REFRESH_MS): void {
    this.timer?.start(intervalMs);
  }

  async stopRefresh(): Promise<void> {
    await this.timer?.stop();
  }

  private async downloadOnceAWhile(): Promise<void> {
    try {
      // Within the minute, only a download already under way is waited for.
      if (this.options.clock() - this.downloadedAt < UNKNOWN_SERIAL_DOWNLOAD_MS) await this.downloading;
      else await this.download();
    } catch (error) {
      // The caller refuses what it cannot verify; the log says why.
      this.options.fleet?.logger.warn({ err: error }, 'WeChat Pay certificate download failed');
    }
  }

  /** This process's copy of the fleet's certificates, read again when it is old. */
  private async current(): Promise<void> {
    if (this.options.clock() - this.readAt >= STORE_READ_MS) await this.readStore();
  }

  private async readStore(): Promise<void> {
    const { fleet, clock } = this.options;
    this.readAt = clock();
    if (!fleet) return;
    for (const certificate of await readCertificates(fleet.db, clock())) this.certificates.set(certificate.serial, certificate);
  }

  /** The valid certificate WeChat Pay issued last. */
  private newest(): PlatformCertificate | undefined {
    const now = this.options.clock();
    return [...this.certificates.values()]
      .filter((c) => validAt(c, now))
      .sort((a, b) => b.notBefore - a.notBefore || b.notAfter - a.notAfter || b.serial.localeCompare(a.serial))[0];
  }
}
