import { action, observable } from 'mobx';
import type { ClientType } from '../../shared/clientType';
import { knownTimeZone, usualTimeZone } from '../../shared/readerDates';
import { htmlLang, textLocale, type Locale, type TextLocale } from '../../shared/locale';
import type { Catalogue, MessageKey } from '../i18n/en';
import { translate, type MessageParams } from '../i18n/translate';
import { makeStoreObservable } from './observable';

export interface EnvSnapshot {
  locale: Locale;
  clientType: ClientType;
  siteName: string;
  /** The server's year, so the footer renders the same on both sides. */
  year: number;
  /** Where tracking image requests go. */
  logEndpoint: string;
  /** When the server rendered the page: relative dates use it, so hydration matches. */
  renderedAt: number;
  /** The WeChat JS-SDK's URL, sent to mini-program pages only (client/platform/miniProgram.ts). */
  wechatSdkUrl?: string;
  /** The app's store pages (IOS_APP_URL, ANDROID_APP_URL), for /apps/download; absent when not configured. */
  appLinks?: { ios?: string; android?: string };
  /** The media host's name: its images are asked for resized (shared/mediaImage.ts); absent without one. */
  mediaHost?: string;
  /** The editor's stylesheet (its own build entry), for a visit that reaches /editor inside the app. */
  editorStylesheet?: string;
  /** A search engine's crawler: it gets article images with their addresses, not deferred. */
  crawler?: boolean;
  /** A desktop browser on a site that takes WeChat Pay (or the sandbox): the payment panel offers its QR code (docs/decisions/052). */
  wechatNativePay?: boolean;
  /** A phone's browser outside WeChat on a site that takes WeChat Pay (or the sandbox): the panel offers H5 pay (docs/decisions/069). */
  wechatH5Pay?: boolean;
}

/** What the server detected about the request, and the texts of its language. Read-only, but for the reader's time zone. */
export class EnvStore {
  readonly locale: Locale;
  readonly clientType: ClientType;
  readonly siteName: string;
  readonly year: number;
  readonly logEndpoint: string;
  readonly renderedAt: number;
  readonly wechatSdkUrl: string | undefined;
  readonly appLinks: { ios?: string; android?: string };
  /** The hosts whose images resize by URL: the media host, when there is one. */
  readonly mediaHosts: readonly string[];
  readonly editorStylesheet: string | undefined;
  readonly crawler: boolean;
  readonly wechatNativePay: boolean;
  readonly wechatH5Pay: boolean;
  /** The zone dates show in: the language's usual one until the browser gives the reader's own (shared/readerDates.ts). */
  timeZone: string;
  private readonly catalogue: Catalogue;

  constructor(snapshot: EnvSnapshot, catalogue: Catalogue) {
    this.locale = snapshot.locale;
    this.clientType = snapshot.clientType;
    this.siteName = snapshot.siteName;
    this.year = snapshot.year;
    this.logEndpoint = snapshot.logEndpoint;
    this.renderedAt = snapshot.renderedAt;
    this.wechatSdkUrl = snapshot.wechatSdkUrl;
    this.appLinks = snapshot.appLinks ?? {};
    this.mediaHosts = snapshot.mediaHost ? [snapshot.mediaHost] : [];
    this.editorStylesheet = snapshot.editorStylesheet;
    this.crawler = snapshot.crawler ?? false;
    this.wechatNativePay = snapshot.wechatNativePay ?? false;
    this.wechatH5Pay = snapshot.wechatH5Pay ?? false;
    this.catalogue = catalogue;
    this.timeZone = usualTimeZone(this.textLocale);
    makeStoreObservable(this, { timeZone: observable, useReaderTimeZone: action });
  }

  /** After hydration: dates move to the reader's zone (an unknown name leaves them where they are). */
  useReaderTimeZone(name: string | undefined): void {
    const zone = knownTimeZone(name);
    if (zone && zone !== this.timeZone) this.timeZone = zone;
  }

  get textLocale(): TextLocale {
    return textLocale(this.locale);
  }

  get htmlLang(): string {
    return htmlLang(this.locale);
  }

  /** Translates a key; `{site}` is always the product's name. */
  t = (key: MessageKey, params?: MessageParams): string => translate(this.catalogue, this.textLocale, key, { site: this.siteName, ...params });

  toJSON(): EnvSnapshot {
    return {
      locale: this.locale,
      clientType: this.clientType,
      siteName: this.siteName,
      year: this.year,
      logEndpoint: this.logEndpoint,
      renderedAt: this.renderedAt,
      ...(this.wechatSdkUrl ? { wechatSdkUrl: this.wechatSdkUrl } : {}),
      ...(this.appLinks.ios || this.appLinks.android ? { appLinks: this.appLinks } : {}),
      ...(this.mediaHosts[0] ? { mediaHost: this.mediaHosts[0] } : {}),
      ...(this.editorStylesheet ? { editorStylesheet: this.editorStylesheet } : {}),
      ...(this.crawler ? { crawler: true } : {}),
      ...(this.wechatNativePay ? { wechatNativePay: true } : {}),
      ...(this.wechatH5Pay ? { wechatH5Pay: true } : {}),
    };
  }
}
