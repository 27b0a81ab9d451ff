import type { Browser } from 'playwright-core';
import type { Logger } from '../logger';

/** An asset the page asked for, answered from this server. */
export interface PdfAsset {
  body: Buffer;
  contentType: string;
}

export interface RenderRequest {
  html: string;
  /** Answers the page's requests (images, font sheets, font files); null blocks one. */
  fetchAsset: (url: string) => Promise<PdfAsset | null>;
  timeoutMs: number;
}

/** Turns an HTML page into PDF bytes. */
export interface PdfRenderer {
  render(request: RenderRequest): Promise<Buffer>;
  close(): Promise<void>;
}

/** Headless Chromium on these machines (PDF export and the browser tests): no sandbox in containers, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** A4 with print margins and a page number at the foot. */
const PDF_OPTIONS = {
  format: 'A4',
  printBackground: true,
  margin: { top: '20mm', bottom: '20mm', left: '18mm', right: '18mm' },
  displayHeaderFooter: true,
  headerTemplate: '<span></span>',
  footerTemplate:
    '<div style="width:100%;font-size:8px;color:#8a8f98;text-align:center"><span class="pageNumber"></span> / <span class="totalPages"></span></div>',
} as const;

/**
 * Headless Chromium through playwright-core: launched on the first job, reused while
 * jobs keep coming, closed after `idleMs` without one. The caller runs one job at a time.
 * The page reaches nothing by itself: every request goes through `fetchAsset`.
 */
export class ChromiumPdfRenderer implements PdfRenderer {
  private browser: Promise<Browser> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    /** `executable` finds the browser on the first launch (unpacking the packaged one may take seconds). */
    private readonly options: { executable: () => Promise<string>; idleMs: number; logger: Logger },
  ) {}

  async render(request: RenderRequest): Promise<Buffer> {
    this.stopIdleTimer();
    const browser = await this.launch();
    // The page is data: no script of its own runs (the sanitiser allows none; this makes sure).
    const context = await browser.newContext({ viewport: { width: 794, height: 1123 }, javaScriptEnabled: false });
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await context.route('**/*', async (route) => {
        const url = route.request().url();
        const asset = await request.fetchAsset(url).catch(() => null);
        if (asset) await route.fulfill({ status: 200, body: asset.body, contentType: asset.contentType });
        else await route.abort('blockedbyclient');
      });
      const page = await context.newPage();
      const work = (async () => {
        await page.setContent(request.html, { waitUntil: 'load', timeout: request.timeoutMs });
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        return page.pdf(PDF_OPTIONS);
      })();
      // Past the timeout the context is closed under it: its failure then is expected.
      work.catch(() => undefined);
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`rendering took longer than ${request.timeoutMs} ms`)), request.timeoutMs);
      });
      return await Promise.race([work, timeout]);
    } finally {
      if (timer) clearTimeout(timer);
      await context.close().catch(() => undefined);
      this.startIdleTimer();
    }
  }

  async close(): Promise<void> {
    this.stopIdleTimer();
    const browser = this.browser;
    this.browser = null;
    if (browser) await browser.then((b) => b.close()).catch(() => undefined);
  }

  private launch(): Promise<Browser> {
    if (!this.browser) {
      // playwright-core is loaded with the first export: imported at start it held 90 MB of every process's memory.
      const launching = Promise.all([this.options.executable(), import('playwright-core')]).then(([executablePath, { chromium }]) =>
        chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS }),
      );
      this.browser = launching;
      launching.then(
        (browser) => {
          this.options.logger.info('PDF export: Chromium started');
          browser.on('disconnected', () => {
            if (this.browser === launching) this.browser = null;
          });
        },
        () => {
          if (this.browser === launching) this.browser = null;
        },
      );
    }
    return this.browser;
  }

  private startIdleTimer(): void {
    this.stopIdleTimer();
    this.idleTimer = setTimeout(() => {
      this.options.logger.info('PDF export: Chromium closed while idle');
      void this.close();
    }, this.options.idleMs);
    this.idleTimer.unref();
  }

  private stopIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }
}
