import type { Request } from 'express';
import { describe, expect, it } from 'vitest';
import { anonymousReaderOf, callerAddress, rateLimitKey, readerOf } from './caller';

/** The parts of a request the caller's identity is read from. */
function requestFrom(parts: { ip?: string; remoteAddress?: string; headers?: Record<string, string>; query?: Record<string, string> }): Request {
  const fake = { ip: parts.ip, socket: { remoteAddress: parts.remoteAddress }, headers: parts.headers ?? {}, query: parts.query ?? {} };
  return fake as unknown as Request;
}

describe('the caller of a request', () => {
  it('is the address Express read behind the trusted proxy, else the socket’s', () => {
    expect(callerAddress(requestFrom({ ip: '10.1.0.1', remoteAddress: '127.0.0.1' }))).toBe('10.1.0.1');
    expect(callerAddress(requestFrom({ remoteAddress: '10.2.0.2' }))).toBe('10.2.0.2');
    expect(callerAddress(requestFrom({}))).toBe('unknown');
  });

  it('is counted by its address, an IPv6 one by its /56 network, a mapped IPv4 one as IPv4', () => {
    expect(rateLimitKey(requestFrom({ ip: '10.1.0.1' }))).toBe('10.1.0.1');
    expect(rateLimitKey(requestFrom({ ip: '::ffff:10.1.0.1' }))).toBe('10.1.0.1');
    expect(rateLimitKey(requestFrom({ ip: '2001:db8:1:2a00::1' }))).toBe(rateLimitKey(requestFrom({ ip: '2001:db8:1:2aff::9' })));
    expect(rateLimitKey(requestFrom({ ip: '2001:db8:1:2a00::1' }))).not.toBe(rateLimitKey(requestFrom({ ip: '2001:db8:1:2b00::1' })));
  });

  it('makes the page’s data calls as the reader: their credentials and their address', () => {
    const req = requestFrom({ ip: '10.3.0.3', headers: { cookie: 'sessionid=abc; __lang=zh-CN', authorization: 'Token x' }, query: { __token: 't0k' } });
    expect(readerOf(req)).toEqual({ headers: req.headers, bearerToken: 't0k', ip: '10.3.0.3' });
    expect(anonymousReaderOf(req)).toEqual({ headers: { cookie: ' __lang=zh-CN' }, ip: '10.3.0.3', uncounted: true });
  });
});
