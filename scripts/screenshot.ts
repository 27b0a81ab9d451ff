// Takes screenshots of pages of a running site: `npx tsx scripts/screenshot.ts http://localhost:3000 / /found`.
// Writes screenshots/<name>-<width>.png (ignored by git), desktop and mobile widths.
import fs from 'node:fs';
import { launchBrowser, watchForErrors } from '../tests/support/browser';

const [origin = 'http://localhost:3000', ...paths] = process.argv.slice(2);
const widths = [1280, 375];
fs.mkdirSync('screenshots', { recursive: true });
const browser = await launchBrowser();
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  const problems = watchForErrors(page);
  for (const path of paths.length ? paths : ['/']) {
    await page.goto(origin + path, { waitUntil: 'networkidle' });
    const name = path.replace(/[^\w@.-]+/g, '_').replace(/^_|_$/g, '') || 'home';
    await page.screenshot({ path: `screenshots/${name}-${width}.png`, fullPage: true });
    console.log(`screenshots/${name}-${width}.png`, problems.splice(0).join(' | '));
  }
  await page.close();
}
await browser.close();
