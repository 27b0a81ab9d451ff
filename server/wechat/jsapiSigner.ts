import { createHash, randomBytes } from 'node:crypto';
import type { JsapiSignature } from '../../shared/wechat';
import type { WechatApp } from '../config';
import type { WechatApi } from './wechatApi';

/** Renew a token or ticket this long before WeChat says it expires. */
const RENEW_EARLY_MS = 5 * 60 * 1000;

/** The JS-SDK signature of WeChat's documentation: sha1 of the four fields in this order. */
export function jsapiSignature(fields: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const text = `jsapi_ticket=${fields.ticket}&noncestr=${fields.nonceStr}&timestamp=${fields.timestamp}&url=${fields.url}`;
  return createHash('sha1').update(text).digest('hex');
}

/**
 * Signs pages for `wx.config` with the official account. The access token and the jsapi
 * ticket are kept in memory until shortly before they expire (WeChat limits how often they
 * may be fetched); concurrent callers share one fetch.
 */
export class JsapiSigner {
  private ticket: { value: string; renewAt: number } | null = null;
  private pending: Promise<string> | null = null;

  constructor(
    private readonly api: WechatApi,
    private readonly app: WechatApp,
    private readonly now: () => number,
  ) {}

  async sign(url: string): Promise<JsapiSignature> {
    const ticket = await this.currentTicket();
    const nonceStr = randomBytes(12).toString('hex');
    const timestamp = Math.floor(this.now() / 1000);
    return { appId: this.app.appId, timestamp, nonceStr, signature: jsapiSignature({ ticket, nonceStr, timestamp, url }) };
  }

  private async currentTicket(): Promise<string> {
    if (this.ticket && this.now() < this.ticket.renewAt) return this.ticket.value;
    this.pending ??= this.fetchTicket().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async fetchTicket(): Promise<string> {
    const token = await this.api.accessToken(this.app);
    const tokenRenewAt = this.now() + token.expiresIn * 1000 - RENEW_EARLY_MS;
    const ticket = await this.api.jsapiTicket(token.value);
    // The ticket is good only as long as the token that fetched it is.
    this.ticket = { value: ticket.value, renewAt: Math.min(tokenRenewAt, this.now() + ticket.expiresIn * 1000 - RENEW_EARLY_MS) };
    return ticket.value;
  }
}
