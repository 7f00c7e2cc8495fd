// Report and brand links in the playground, in headless Chromium (Debian's): a link hovered in a
// cell shows the card the built bundle drew, laid out as Google lays one out (nothing cut off at
// its width), and in the Docs-like page @ offers "Create visibility preview", whose form makes a
// preview and inserts its link as a chip. Leaves out/link-card.png for `npm run docs`.
import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CARD_WIDTH_PX } from '../../dev/cardHtml';
import { startPlayground, type Playground } from '../../dev/playground';
import { seriousViolations } from './axe';

let play: Playground;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  play = await startPlayground({ timeScale: 100, addonPace: 100 });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  page = await browser.newPage({ viewport: { width: 1000, height: 800 } });
  page.on('dialog', () => {
    throw new Error('a dialog opened: markup from the service ran');
  });
});

afterAll(async () => {
  await page?.close();
  await browser?.close();
  await play?.close();
});

const brandPage = () => `${play.emu.baseUrl}/brands/acme-analytics`;

/** Texts of the card on screen that do not fit their box: Google cuts them with an ellipsis. */
const cutOff = () =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('#link-card .gc-value'))
      .filter((el) => el.scrollWidth > el.clientWidth)
      .map((el) => el.textContent),
  );

const serious = () => seriousViolations(page, '#link-card');

it("shows a brand link's card on hover in a cell, whole at the card's width, and no card for a plain link", async () => {
  await page.goto(play.url);
  const grid = page.locator('#grid');
  await grid.locator('td[data-row="2"][data-col="4"]').click();
  await page.keyboard.type(brandPage());
  await page.keyboard.press('Enter');
  const cell = grid.locator('td', { hasText: brandPage() });
  await cell.hover();
  const card = page.locator('#link-card:not([hidden]) .gc-card');
  await card.waitFor();
  await expect(card.locator('.gc-title').textContent()).resolves.toBe(
    'Acme Analytics: 43, moderate',
  );
  await expect(card.locator('.gc-label').allTextContents()).resolves.toEqual(
    expect.arrayContaining(['ChatGPT', 'Last scanned']),
  );
  expect((await card.boundingBox())?.width).toBe(CARD_WIDTH_PX);
  await expect(cutOff()).resolves.toEqual([]);
  await expect(serious()).resolves.toEqual([]);
  await expect(card.locator('a.gc-button').getAttribute('href')).resolves.toBe(brandPage());
  mkdirSync('out', { recursive: true });
  await card.screenshot({ path: 'out/link-card.png' });
  // Patagonia's own site matches no pattern: a plain link, no card.
  await page.mouse.move(0, 0);
  await page.locator('#link-card').waitFor({ state: 'hidden' });
  await grid.locator('td', { hasText: 'https://www.patagonia.com/' }).hover();
  await page.waitForTimeout(1000);
  await expect(page.locator('#link-card').isHidden()).resolves.toBe(true);
});

it('in a Doc, @ offers "Create visibility preview": refused without a key, then a chip whose card shows the preview', async () => {
  await page.goto(`${play.url}/docs`);
  const doc = page.locator('#doc');
  await doc.click();
  await page.keyboard.press('End');
  await page.keyboard.type('@');
  await page.locator('#at-menu:not([hidden]) #create-action').click();
  const form = page.locator('#create:not([hidden])');
  await form.locator('input[name=website]').fill('bluebirdsoftware.com');
  await form.locator('button', { hasText: 'Create preview' }).click();
  await form.locator('.gc-paragraph', { hasText: /key/i }).waitFor();
  await expect(doc.locator('a.chip').count()).resolves.toBe(0);

  // A team without a custom report domain: its links are on the service's host, which the
  // manifest's patterns name (a custom domain's links stay plain links).
  play.rt.runFromSidebar('saveSettings', [
    { baseUrl: play.emu.baseUrl, apiKey: 'demo-starter-key' },
  ]);
  await form.locator('button', { hasText: 'Create preview' }).click();
  const chip = doc.locator('a.chip');
  await chip.waitFor();
  await expect(chip.getAttribute('href')).resolves.toMatch(
    /\/visibility-scan-preview\/[0-9a-f-]{36}$/,
  );
  await expect(doc.textContent()).resolves.not.toContain('@');
  await chip.hover();
  const card = page.locator('#link-card:not([hidden]) .gc-card');
  await card.waitFor();
  await expect(card.textContent()).resolves.toMatch(/scanning|Preview scan score/);
  await expect(cutOff()).resolves.toEqual([]);
});

it("runs the guide's Studio agents from the playground: the Activity tab's lines and what was sent", async () => {
  await page.goto(`${play.url}/studio`);
  await page.click('#run-weekly');
  const result = page.locator('#result');
  await result.locator('p', { hasText: 'Sent: Acme Analytics: 38 → 43' }).waitFor();
  await expect(
    result.locator('tr', { hasText: 'Get AI-visibility score' }).textContent(),
  ).resolves.toMatch(/done.*Public score of 43/);
  // The key saved by the test above: the lead magnet makes one preview and "e-mails" its link.
  await page.click('#run-lead');
  await result.locator('p', { hasText: /^Sent: jo@lead\.example: http.*\(\d+\)$/ }).waitFor();
  await expect(result.locator('tr.halted').count()).resolves.toBe(0);
});
