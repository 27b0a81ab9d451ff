import { describe, expect, it, vi } from 'vitest';
import { ApiClient, ApiRequestError, firstErrorMessage } from './client';
import { ApiTimeoutError, requestUrl } from './transport';

describe('firstErrorMessage', () => {
  it('reads detail, then the first field, then text', () => {
    expect(firstErrorMessage({ detail: 'Nope' })).toBe('Nope');
    expect(firstErrorMessage({ email: ['Enter a valid email address.'], password: ['Too short'] })).toBe('Enter a valid email address.');
    expect(firstErrorMessage('Bad Gateway')).toBe('Bad Gateway');
    expect(firstErrorMessage(null)).toBe('');
  });
});

describe('ApiClient', () => {
  it('returns the data of a success', async () => {
    const client = new ApiClient(async () => ({ status: 200, data: { id: 1 } }));
    await expect(client.request({ method: 'GET', path: '/api/x/' })).resolves.toEqual({ id: 1 });
  });

  it('reports a failure to the hook with its first message and throws', async () => {
    const onFailure = vi.fn();
    const client = new ApiClient(async () => ({ status: 400, data: { email: ['Required'] } }), onFailure);
    const error = await client.request({ method: 'POST', path: '/api/x/' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(400);
    expect(onFailure).toHaveBeenCalledWith(expect.objectContaining({ message: 'Required' }), { method: 'POST', path: '/api/x/' });
  });

  it('marks a timeout', async () => {
    const client = new ApiClient(async () => {
      throw new ApiTimeoutError('Network Timeout');
    });
    const error = (await client.request({ method: 'GET', path: '/api/x/' }).catch((e: unknown) => e)) as ApiRequestError;
    expect(error.status).toBe(0);
    expect(error.timedOut).toBe(true);
  });
});

describe('requestUrl', () => {
  it('adds defined query values only', () => {
    expect(requestUrl({ path: '/api/x/', query: { page: 2, q: 'a b', skip: undefined } })).toBe('/api/x/?page=2&q=a+b');
  });
});
