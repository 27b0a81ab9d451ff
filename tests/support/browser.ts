import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The system Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
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
