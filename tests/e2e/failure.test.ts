import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, watchForErrors } from '../support/browser';
import { closedPort } from '../support/fakeUpstream';
import { startLiveServer } from '../support/liveServer';

let browser: Browser;
let server: Awaited<ReturnType<typeof startLiveServer>>;

beforeAll(async () => {
  const port = await closedPort();
  [browser, server] = await Promise.all([launchBrowser(), startLiveServer({ config: { apiUpstream: `http://127.0.0.1:${port}`, upstreamTimeoutMs: 500 } })]);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a backend that is down, in Chromium', () => {
  it('shows the error screen with its status, a red progress line, and hydrates without a mismatch', async () => {
    const page: Page = await browser.newPage();
    const problems = watchForErrors(page, [/status of 502/]);
    const response = await page.goto(`${server.origin}/found/`);
    expect(response?.status()).toBe(502);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.locator('h1', { hasText: 'An error occurred' }).waitFor();
    expect(await page.locator('.progress-line').getAttribute('data-state')).toBe('error');
    await page.locator('summary').click();
    await page.getByText('Bad Gateway: the API server did not answer.').waitFor();
    await page.close();
    expect(problems).toEqual([]);
  });
});
