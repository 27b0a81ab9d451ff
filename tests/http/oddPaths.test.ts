import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { testApp } from '../support/testApp';

const { app } = await testApp();

/** Page paths that start with `//` are read as paths, not as a host. */
const ODD_PATHS = ['//%09/x', '//a%20b/', '//%00', '//x:99999/', '//evil.example/', '///x', '//%2e%2e/x', '//[::1/'];

describe('odd page paths', () => {
  it.each(ODD_PATHS)('%s answers a page, never a 500', async (path) => {
    const res = await request(app).get(path);
    expect(res.status).toBeLessThan(500);
    expect([400, 404]).toContain(res.status);
    if (res.status === 404) {
      const signIn = /href="(\/sign\/in\/\?next=[^"]*)"/.exec(res.text)?.[1]?.replace(/&amp;/g, '&');
      expect(signIn).toBeDefined();
      const next = new URL(signIn ?? '', 'http://zine.test').searchParams.get('next') ?? '';
      expect(next.startsWith('/')).toBe(true);
    }
  });
});
