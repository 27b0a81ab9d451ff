import type { WechatApp } from '../config';

/** What WeChat answered with an errcode, or not at all in time: the caller answers 502 or a retry page. */
export class WechatUpstreamError extends Error {}

export interface SnsToken {
  openid: string;
  unionid: string | null;
}

/**
 * Calls to `WECHAT_API_BASE` (api.weixin.qq.com). WeChat answers errors as 200 with an
 * `errcode`, so every answer is read as JSON and checked for one; a slow answer is aborted.
 */
export class WechatApi {
  constructor(
    private readonly apiBase: string,
    private readonly timeoutMs = 5000,
  ) {}

  /** The OAuth code of a sign-in exchanged for the reader's openid (and unionid when the app has one). */
  async exchangeCode(app: WechatApp, code: string): Promise<SnsToken> {
    const body = await this.get('/sns/oauth2/access_token', { appid: app.appId, secret: app.secret, code, grant_type: 'authorization_code' });
    const openid = stringField(body, 'openid');
    if (!openid) throw new WechatUpstreamError('WeChat answered no openid');
    return { openid, unionid: stringField(body, 'unionid') };
  }

  /** The official account's access token for the server's own calls, with its lifetime in seconds. */
  async accessToken(app: WechatApp): Promise<{ value: string; expiresIn: number }> {
    const body = await this.get('/cgi-bin/token', { grant_type: 'client_credential', appid: app.appId, secret: app.secret });
    const value = stringField(body, 'access_token');
    if (!value) throw new WechatUpstreamError('WeChat answered no access_token');
    return { value, expiresIn: numberField(body, 'expires_in') ?? 7200 };
  }

  /** The JS-SDK ticket pages are signed with. */
  async jsapiTicket(accessToken: string): Promise<{ value: string; expiresIn: number }> {
    const body = await this.get('/cgi-bin/ticket/getticket', { type: 'jsapi', access_token: accessToken });
    const value = stringField(body, 'ticket');
    if (!value) throw new WechatUpstreamError('WeChat answered no ticket');
    return { value, expiresIn: numberField(body, 'expires_in') ?? 7200 };
  }

  private async get(path: string, query: Record<string, string>): Promise<Record<string, unknown>> {
    const url = `${this.apiBase}${path}?${new URLSearchParams(query).toString()}`;
    let res: Response;
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new WechatUpstreamError(`WeChat did not answer ${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!res.ok) throw new WechatUpstreamError(`WeChat answered ${path} with ${res.status}`);
    let body: unknown;
    try {
      body = await res.json();
    } catch {
      throw new WechatUpstreamError(`WeChat answered ${path} with no JSON`);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new WechatUpstreamError(`WeChat answered ${path} with no object`);
    const record = body as Record<string, unknown>;
    const errcode = record.errcode;
    if (typeof errcode === 'number' && errcode !== 0) {
      throw new WechatUpstreamError(`WeChat answered ${path} with errcode ${errcode}: ${typeof record.errmsg === 'string' ? record.errmsg : ''}`);
    }
    return record;
  }
}

function stringField(body: Record<string, unknown>, key: string): string | null {
  const value = body[key];
  return typeof value === 'string' && value.length > 0 && value.length <= 512 ? value : null;
}

function numberField(body: Record<string, unknown>, key: string): number | null {
  const value = body[key];
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
