/**
 * `npm run listing`: the Marketplace images, regenerated from their sources. The icons (32 and
 * 128 px PNG) are rendered from docs/marketplace/icon.svg, and 1280 x 800 screenshots of the
 * add-on at work are taken in the playground (a scored list, bulk previews in progress, the
 * comparison chart, the scan monitor), all in Debian's chromium (or CHROMIUM_PATH).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startPlayground } from '../dev/playground';
import { atRest, openTab, pollUntil } from '../dev/sidebarTabs';

const OUT = path.join('docs', 'marketplace');

export async function makeListing(outDir = OUT): Promise<string[]> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const written: string[] = [];
  try {
    const svg = readFileSync(path.join('docs', 'marketplace', 'icon.svg'), 'utf8');
    for (const size of [32, 128]) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<body style="margin:0">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body>`,
      );
      const file = path.join(outDir, `icon-${size}.png`);
      await page.screenshot({ path: file, omitBackground: true });
      written.push(file);
      await page.close();
    }
    const play = await startPlayground({ timeScale: 100, addonPace: 100 });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.clock.install();
    try {
      await page.goto(play.url);
      const sidebar = page.frameLocator('iframe').first();
      await setUp(page, sidebar);
      written.push(await shot(page, outDir, 'screenshot-scores.png'));
      await openTab(sidebar, 'previews');
      await sidebar.locator('#generate').click();
      await sidebar.locator('#run-message', { hasText: /previews started/ }).waitFor();
      // The previews complete and the sidebar's next poll lists them.
      await play.elapse(10 * 60_000);
      await pollUntil(
        page,
        "document.querySelector('iframe').contentDocument.querySelector('#recent-title:not([hidden])') !== null",
      );
      written.push(await shot(page, outDir, 'screenshot-previews.png'));
      // The comparison chart: a brand above its competitors, drawn on the Comparison sheet.
      await page.fill('#a1', 'B5:B11');
      await page.click('#select');
      await openTab(sidebar, 'scores');
      await sidebar.locator('#compare-chart').click();
      await page.locator('#sheet-tabs button', { hasText: 'Comparison' }).waitFor();
      await page.locator('#charts *').first().waitFor();
      written.push(await shot(page, outDir, 'screenshot-compare.png'));
      await openTab(sidebar, 'scans');
      await sidebar.locator('#open-monitor').click();
      await page
        .locator('#sheet-tabs button[aria-pressed=true]', { hasText: 'Scan monitor' })
        .waitFor();
      written.push(await shot(page, outDir, 'screenshot-scan-monitor.png'));
    } finally {
      // The page stops polling before the playground it polls closes.
      await page.close();
      await play.close();
    }
  } finally {
    await browser.close();
  }
  return written;
}

async function setUp(page: Page, sidebar: ReturnType<Page['frameLocator']>): Promise<void> {
  await openTab(sidebar, 'settings');
  await sidebar.locator('#api-key').fill('demo-pro-key');
  await sidebar.locator('#save-settings').click();
  await openTab(sidebar, 'scores');
  await sidebar.locator('#refresh-score-plan').click();
  await sidebar.locator('#score').click();
  await sidebar.locator('#score-message', { hasText: /scored/ }).waitFor();
  // The sheet shows what the add-on wrote at its next refresh (every 2 s, on the page's installed
  // clock): the picture waits for the scores to be on it.
  await page.clock.fastForward(2000);
  await page.locator('#grid', { hasText: 'Public score' }).waitFor();
}

/** A listing picture shows the add-on and the sheet, not the playground's own controls. */
async function shot(page: Page, outDir: string, name: string): Promise<string> {
  const file = path.join(outDir, name);
  // The sidebar at rest: a progress bar caught halfway through its transition says nothing true.
  const sidebar = page.frames().find((f) => f.url().endsWith('/sidebar'));
  if (sidebar) await atRest(sidebar);
  await page.evaluate("document.body.classList.add('listing')");
  await page.screenshot({ path: file });
  await page.evaluate("document.body.classList.remove('listing')");
  return file;
}

if (require.main === module) {
  makeListing().then(
    (files) => console.log(`written: ${files.join(', ')}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
