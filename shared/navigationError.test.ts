import { describe, expect, it } from 'vitest';
import { isRedirectStatus, navigationErrorInfo } from './navigationError';

describe('navigationErrorInfo', () => {
  it('prefers statusCode, then status, then response.status', () => {
    expect(navigationErrorInfo({ statusCode: 403, status: 404 }).status).toBe(403);
    expect(navigationErrorInfo({ status: 404, response: { status: 410 } }).status).toBe(404);
    expect(navigationErrorInfo({ response: { status: 410 } }).status).toBe(410);
  });
  it('defaults to 500', () => {
    expect(navigationErrorInfo(new Error('boom'))).toEqual({ status: 500, message: 'boom' });
    expect(navigationErrorInfo(null)).toEqual({ status: 500, message: '' });
  });
  it('ignores values that are not statuses', () => {
    expect(navigationErrorInfo({ status: 'broken' }).status).toBe(500);
    expect(navigationErrorInfo({ status: 99999 }).status).toBe(500);
  });
  it('reads the message from a route error response', () => {
    expect(navigationErrorInfo({ status: 500, statusText: 'Internal', data: 'Unknown middleware x' })).toEqual({
      status: 500,
      message: 'Unknown middleware x',
    });
    expect(navigationErrorInfo({ status: 403, data: { detail: 'Private Article' } }).message).toBe('Private Article');
  });
  it('knows redirects are not errors', () => {
    expect(isRedirectStatus(302)).toBe(true);
    expect(isRedirectStatus(404)).toBe(false);
  });
});
