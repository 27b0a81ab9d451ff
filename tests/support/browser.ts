import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

import { chromiumExecutable } from '../../server/pdf/chromiumExecutable';
import { CHROMIUM_ARGS } from '../../server/pdf/chromiumRenderer';

/**
 * Headless Chromium with the flags this closed network needs: the system one (CHROMIUM_PATH,
 * else /usr/bin/chromium) when installed, else the one packaged in @sparticuz/chromium.
 */
export async function launchBrowser(): Promise<Browser> {
  const { path } = await chromiumExecutable();
  return chromium.launch({ executablePath: path, headless: true, args: [...CHROMIUM_ARGS] });
}

/** Signs a browser context in through the API, as the sign-in form does (the CSRF cookie first). */
export async function signInBrowser(context: BrowserContext, origin: string, email: string, password: string): Promise<void> {
  await context.request.get(`${origin}/`);
  const csrf = (await context.cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
  const res = await context.request.post(`${origin}/api/accounts/login/cookies/`, { headers: { 'X-CSRFToken': csrf }, data: { email, password } });
  if (res.status() !== 200) throw new Error(`sign-in of ${email} answered ${res.status()}`);
}

/**
 * Collects console errors, hydration warnings and uncaught exceptions of a page.
 * `allowed` matches messages a test expects (a 404 page's own 404 status).
 */
export function watchForErrors(page: Page, allowed: RegExp[] = []): string[] {
  const problems: string[] = [];
  const keep = (text: string) => {
    if (!allowed.some((re) => re.test(text))) problems.push(text);
  };
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || /hydrat|did not match/i.test(text)) keep(`console.${message.type()}: ${text}`);
  });
  page.on('pageerror', (error) => keep(`pageerror: ${error.message}`));
  return problems;
}
