// The sidebar checked with axe-core in Chromium on every tab and the states a user meets (settings
// empty and filled, previews running and done, errors shown, scores, schedules, the scan monitor),
// and the Generate flow done from the keyboard alone.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startPlayground, type Playground } from '../../dev/playground';
import { atRest, openTab, pollUntil } from '../../dev/sidebarTabs';
import { seriousViolations } from './axe';

let play: Playground;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const csv = path.join(mkdtempSync(path.join(os.tmpdir(), 'axe-')), 'sheet.csv');
  writeFileSync(
    csv,
    'Company,Website\nAcme,acmeanalytics.com\nRosie,rosies-bakery.com\nTypo,not a site\n',
  );
  play = await startPlayground({ timeScale: 100, addonPace: 100, csv });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ viewport: { width: 300, height: 900 } });
  page = await context.newPage();
  // The page's timers on Playwright's clock: a test jumps to the sidebar's next poll (pollUntil).
  await page.clock.install();
});

afterAll(async () => {
  await browser?.close();
  await play?.close();
});

/** Violations of impact serious or critical, named with the state and their elements. */
const serious = async (state: string): Promise<string[]> =>
  (await seriousViolations(page)).map((v) => `${state}: ${v}`);

it('has no serious or critical axe violation in any tab or state, and Generate works from the keyboard', async () => {
  const found: string[] = [];
  await page.goto(`${play.url}/sidebar`);
  await page.waitForSelector('#panel-start:not([hidden])');
  found.push(...(await serious('first-run checklist')));
  // Without a key, Previews and the scan monitor say so, with a link to Settings.
  for (const tab of ['previews', 'scans'] as const) {
    await openTab(page, tab);
    await page.locator(`#panel-${tab} .notice button.link`).waitFor();
    found.push(...(await serious(`${tab}, no key`)));
  }
  await openTab(page, 'settings');
  found.push(...(await serious('settings, empty')));

  // Keyboard only: type the key, save, go to Previews, generate.
  await page.focus('#api-key');
  await page.keyboard.type('demo-pro-key');
  await page.keyboard.press('Tab');
  await page.focus('#save-settings');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    document.querySelector('#key-state')?.textContent?.includes('••••'),
  );
  found.push(...(await serious('settings, filled')));
  // Keyboard only: the Lists section, then its tab.
  await page.focus('#section-lists');
  await page.keyboard.press('Enter');
  await page.focus('#tab-previews');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    /to send/.test(document.querySelector('#selection')?.textContent ?? ''),
  );
  await page.focus('#generate');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    /previews started/.test(document.querySelector('#run-message')?.textContent ?? ''),
  );
  // Focus is visible on the control that has it.
  const outline = await page.evaluate(() => {
    const el = document.querySelector('#refresh-selection') as HTMLElement;
    el.focus();
    const s = getComputedStyle(el);
    return s.outlineStyle !== 'none' || s.boxShadow !== 'none';
  });
  expect(outline).toBe(true);
  found.push(...(await serious('previews, running, with an error row')));
  await play.elapse(10 * 60_000);
  await pollUntil(page, () => document.querySelector('#count-pending')?.textContent === '0');
  found.push(...(await serious('previews, done')));

  await openTab(page, 'schedules');
  await page.selectOption('#schedule-action', 'sendReport');
  found.push(...(await serious('schedules, the Send report form')));
  for (const tab of ['scores', 'schedules', 'scans'] as const) {
    await openTab(page, tab);
    await atRest(page);
    found.push(...(await serious(tab)));
  }
  await page.click('#open-monitor');
  await page.waitForSelector('#back-from-monitor');
  await atRest(page);
  found.push(...(await serious('scan monitor, open')));
  expect(found).toEqual([]);
}, 90000);

it('has no serious or critical axe violation in Outreach, and writes pitches from the keyboard alone', async () => {
  const found: string[] = [];
  // Keyboard only: the Lists section, then its tab.
  await page.focus('#section-lists');
  await page.keyboard.press('Enter');
  await page.focus('#tab-outreach');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#placeholders button').length > 0);
  found.push(...(await serious('outreach')));
  // Select the list's websites again (the monitor sheet was opened since).
  const prospects = play.rt.spreadsheet.sheets.find((s) => s.probe.title !== 'Scan monitor')!;
  prospects.activate();
  prospects.setActiveSelection('B2:B4');
  await page.focus('#pitch-template');
  await page.keyboard.type('Hello {Company}, your report: ');
  // The placeholder chips insert at the cursor: Tab to "Report URL", Enter.
  const chips = await page.$$eval('#placeholders button', (b) => b.map((x) => x.textContent));
  await page.focus('#placeholders button');
  for (let i = 0; i < chips.indexOf('Report URL'); i++) await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  expect(await page.inputValue('#pitch-template')).toBe(
    'Hello {Company}, your report: {Report URL}',
  );
  await page.focus('#preview-pitches');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#pitch-preview li').length === 3);
  found.push(...(await serious('outreach, previewed')));
  await page.focus('#write-pitches');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    /Pitches written for/.test(document.querySelector('#pitch-message')?.textContent ?? ''),
  );
  const pitch = prospects.probe.rows[0]!.findIndex((c) => c.value === 'Pitch');
  expect(String(prospects.probe.rows[1]![pitch]?.value)).toMatch(
    /^Hello Acme, your report: https?:/,
  );
  found.push(...(await serious('outreach, written')));
  expect(found).toEqual([]);
}, 60000);

it('has no serious or critical axe violation in the report form, and makes a deck from the keyboard alone', async () => {
  const found: string[] = [];
  // Branding from the keyboard: its answer shows beside its own button, at the foot of Settings.
  await openTab(page, 'settings');
  // Branding folds at the foot of Settings: opened as a person opens it, from the keyboard.
  await page.focus('#branding-fold summary');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#brand-agency');
  await page.focus('#brand-agency');
  await page.keyboard.type('North Agency');
  await page.focus('#save-branding');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () => document.querySelector('#branding-message')?.textContent?.trim() === 'Branding saved.',
  );
  found.push(...(await serious('settings, branding saved')));
  // A scored row to report on: the list gains a "Public score" column.
  const prospects = play.rt.spreadsheet.sheets.find((s) => s.probe.title !== 'Scan monitor')!;
  const head = prospects.probe.rows[0]!;
  head.push({ value: 'Public score' });
  prospects.probe.rows[1]!.push({ value: 64 });
  prospects.activate();
  prospects.setActiveSelection('B2');
  await page.focus('#section-lists');
  await page.keyboard.press('Enter');
  await page.focus('#tab-scores');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#make-report');
  found.push(...(await serious('scores, report form')));
  // The period from the keyboard: the second choice, then Make report.
  await page.focus('#report-weeks');
  await page.keyboard.press('ArrowDown');
  expect(await page.$eval('#report-weeks', (e) => (e as HTMLSelectElement).value)).toBe('8');
  await page.focus('#make-report');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    /Report made/.test(document.querySelector('#report-message')?.textContent ?? ''),
  );
  expect(await page.isVisible('#report-link')).toBe(true);
  const deck = [...play.rt.slides.decks.values()].at(-1)!;
  expect(deck.name).toMatch(/AI visibility/);
  expect(JSON.stringify(deck)).toContain('North Agency');
  found.push(...(await serious('scores, report made')));
  expect(found).toEqual([]);
}, 60000);

it('says in Settings which permission was left unticked, with Google’s link, and passes axe', async () => {
  const owner = play.rt.owner;
  play.rt.untickScope(owner, 'https://www.googleapis.com/auth/script.send_mail');
  try {
    await page.goto(`${play.url}/sidebar`);
    await page.waitForSelector('#account-line');
    await openTab(page, 'settings');
    await page.waitForSelector('#permissions');
    expect(await page.textContent('#permissions')).toContain(
      'Report, alert and lead e-mails need permission to send e-mail as you.',
    );
    expect(await page.getAttribute('#grant-access', 'href')).toMatch(/^https:\/\//);
    await page.waitForFunction(() =>
      /a permission is not granted/.test(
        document.querySelector('#account-line')?.textContent ?? '',
      ),
    );
    expect(await serious('settings, a permission not granted')).toEqual([]);
  } finally {
    play.rt.grantAllScopes(owner);
  }
}, 60000);

it('a teammate’s schedule whose owner went silent offers Take over, with its confirmation, and passes axe', async () => {
  const ana = 'ana@agency.example';
  const sheetName = play.rt.spreadsheet.sheets[0]!.getName();
  const saved = play.rt.runFromSidebar(
    'saveSchedule',
    [{ action: 'refreshScores', sheetName, every: 'day', hour: 9, refresh: 'stale' }],
    ana,
  ) as { ok: boolean };
  expect(saved.ok).toBe(true);
  // Ana's trigger stops (she left); three days pass with no run of hers.
  play.rt.triggers.disableAddonIn(ana, play.rt.spreadsheet.id);
  play.rt.advance(3 * 24 * 3600 * 1000);
  await page.goto(`${play.url}/sidebar`);
  await page.waitForSelector('#account-line');
  await openTab(page, 'schedules');
  const take = page.locator('button', { hasText: 'Take over' }).first();
  await take.waitFor();
  await take.click();
  await page.waitForSelector('text=Take it over');
  expect((await page.textContent('#panel-schedules'))!.replace(/\s+/g, ' ')).toContain(
    'runs as you, with your key, and its e-mails go from your account',
  );
  expect(await serious('schedules, taking one over')).toEqual([]);
  await page.click('text=Cancel');
}, 60000);

it('passes axe after a Score run (its summary, movers, the offer of previews) and with rescans running', async () => {
  const prospects = play.rt.spreadsheet.sheets.find(
    (s) => s.probe.rows[0]?.some((c) => c.value === 'Website') && s.getName() !== 'Scan monitor',
  )!;
  prospects.activate();
  prospects.setActiveSelection('B2:B4');
  play.rt.runFromSidebar('saveSettings', [{ apiKey: 'demo-pro-key' }]);
  await page.goto(`${play.url}/sidebar`);
  await page.waitForSelector('#account-line');
  await openTab(page, 'scores');
  await page.click('#score');
  await page.waitForFunction(() =>
    /rows?:/.test(document.querySelector('#panel-scores')?.textContent ?? ''),
  );
  await atRest(page);
  expect(await serious('scores, after a run')).toEqual([]);

  if (!play.rt.spreadsheet.sheets.some((s) => s.getName() === 'Scan monitor'))
    play.rt.runFromSidebar('openScanMonitor');
  const monitor = play.rt.spreadsheet.sheets.find((s) => s.getName() === 'Scan monitor')!;
  monitor.probe.place(2, 1, { value: 1001 });
  monitor.probe.place(3, 1, { value: 1002 });
  monitor.activate();
  monitor.setActiveSelection('A2:A3');
  await openTab(page, 'scans');
  await page.click('#rescan');
  await page.waitForFunction(() =>
    /Rescan/i.test(document.querySelector('#panel-scans')?.textContent ?? ''),
  );
  await atRest(page);
  expect(await serious('scan monitor, rescans running')).toEqual([]);
}, 60000);

it('passes axe on the Leads tab: the form with its e-mail fields, a watch of one’s own and a teammate’s', async () => {
  play.rt.submitForm('Form Responses 1', { Website: 'slack.com', Email: 'al@slack.example' });
  play.rt.submitForm('Webinar', { Website: 'zoom.us', Email: 'z@zoom.example' });
  play.rt.runFromSidebar('saveSettings', [{ apiKey: 'demo-pro-key' }]);
  const ben = 'ben@agency.example';
  play.rt.runFromSidebar('saveSettings', [{ apiKey: 'demo-starter-key' }], ben);
  const saved = play.rt.runFromSidebar(
    'saveLeadWatch',
    [{ sheetName: 'Webinar', website: 'Website', mode: 'preview' }],
    ben,
  ) as { ok: boolean };
  expect(saved.ok).toBe(true);
  await page.goto(`${play.url}/sidebar`);
  await page.waitForSelector('#account-line');
  await openTab(page, 'leads');
  await page.waitForSelector('#lead-form');
  await page.selectOption('#lead-sheet', 'Form Responses 1');
  await page.click('#lead-mail-words summary');
  await page.waitForSelector('#lead-body');
  expect(await serious('leads, the form with its e-mail')).toEqual([]);
  // From the keyboard: the form's last field, then its button.
  await page.focus('#lead-earlier');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() =>
    /Watching "Form Responses 1"/.test(document.querySelector('#lead-message')?.textContent ?? ''),
  );
  expect(await page.textContent('#lead-list')).toContain(`Runs as ${ben}`);
  expect(await serious('leads, two watches')).toEqual([]);
  // A row no form delivered (pasted, or its event lost) waits for the owner's Accept, in words.
  play.rt.submitForm(
    'Form Responses 1',
    { Website: 'figma.com', Email: 'f@figma.example' },
    {
      events: 0,
    },
  );
  play.rt.submitForm('Form Responses 1', { Website: 'miro.com', Email: 'm@miro.example' });
  await page.reload();
  await page.waitForSelector('#account-line');
  await openTab(page, 'leads');
  const accept = page.locator('button', { hasText: 'Accept 1 row as leads' });
  await accept.waitFor();
  expect(await serious('leads, a row waiting for its owner')).toEqual([]);
  await accept.click();
  await page.waitForFunction(() =>
    /^1 row accepted as leads/.test(document.querySelector('#lead-message')?.textContent ?? ''),
  );
}, 60000);

it('a gone teammate’s previews offer "Make them again with my key", with its confirmation, and pass axe', async () => {
  const cam = 'cam@agency.example';
  // The tab is open before anything is stranded: it follows what happens meanwhile in the sheet.
  await page.goto(`${play.url}/sidebar`);
  await page.waitForSelector('#account-line');
  await openTab(page, 'previews');
  await atRest(page);
  expect(await page.isVisible('#stranded')).toBe(false);
  const prospects = play.rt.spreadsheet.sheets.find(
    (s) => s.probe.rows[0]?.some((c) => c.value === 'Website') && s.getName() !== 'Scan monitor',
  )!;
  prospects.appendRow(['Left Co', 'left-teammate.com']);
  prospects.activate();
  prospects.setActiveSelection(`B${prospects.getLastRow()}`);
  play.rt.runFromSidebar('saveSettings', [{ apiKey: 'demo-pro-key' }]);
  const { baseUrl } = play.rt.runFromSidebar('getSettings') as { baseUrl: string };
  play.rt.runFromSidebar('saveSettings', [{ baseUrl, apiKey: 'demo-starter-key' }], cam);
  const made = play.rt.runFromSidebar('startPreviewsForSelection', [], cam) as object;
  expect(made).toMatchObject({ created: 1 });
  // Cam leaves: the add-on stops where he worked, and the file last heard from him 8 days ago
  // (his entry set back, as only the add-on writes it: 192 hourly firings of the owner's would
  // only slow the test).
  play.rt.triggers.disableAddonIn(cam, play.rt.spreadsheet.id);
  play.rt.spreadsheet
    .getDeveloperMetadata()
    .find((m) => m.getKey() === `vis.heard.${cam}`)!
    .setValue(String(play.rt.clock.now() - 8 * 24 * 3600 * 1000));
  // The person comes back to the sidebar from the sheet: the open tab asks again.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  const offer = page.locator('button', { hasText: 'Make them again with my key' }).first();
  await offer.waitFor();
  expect(await page.textContent('#stranded')).toContain(`made by ${cam}`);
  expect(await serious('previews, a gone teammate’s')).toEqual([]);
  await offer.click();
  await page.waitForSelector('text=sent again as new previews with your key');
  expect(await serious('previews, making them again: confirmation')).toEqual([]);
  await page.click('#stranded button.primary');
  await page.waitForFunction(() =>
    /previews? started/.test(document.querySelector('#run-message')?.textContent ?? ''),
  );
  // The run's words come before the poll that follows them: the group goes once that poll answers.
  await page.waitForSelector('#stranded', { state: 'hidden', timeout: 10_000 });
  expect(await serious('previews, made again')).toEqual([]);
}, 60000);

it('pasted preview IDs offer "Adopt these IDs" with its cost, never asked about before the press, and pass axe', async () => {
  play.rt.runFromSidebar('saveSettings', [{ apiKey: 'demo-pro-key' }]);
  // An editor pastes a list holding an ID nobody's record knows.
  play.rt.spreadsheet.insertSheet('Pasted').probe.rows = [
    ['Website', 'Preview status', 'Preview UUID', 'Preview message'],
    ['pasted-id.com', 'pending', '0badc0de-0000-4000-8000-00000000beef', ''],
  ].map((r) => r.map((value) => ({ value })));
  const asked = () =>
    play.rt.fetchStats.log.filter((l) => l.url.includes('0badc0de-0000-4000-8000-00000000beef'))
      .length;
  await page.goto(`${play.url}/sidebar`);
  await page.waitForSelector('#account-line');
  await openTab(page, 'previews');
  const offer = page.locator('button', { hasText: 'Adopt these IDs' });
  await offer.waitFor();
  expect(await page.textContent('#unadopted')).toContain('no poll asks about it');
  expect(asked()).toBe(0);
  expect(await serious('previews, IDs nobody’s record knows')).toEqual([]);
  await offer.click();
  await page.waitForSelector('text=1 request at most, once');
  expect(await serious('previews, adopting: confirmation')).toEqual([]);
  await page.click('#unadopted button.primary');
  await page.waitForFunction(() =>
    /Asked the service about 1 ID/.test(document.querySelector('#run-message')?.textContent ?? ''),
  );
  expect(asked()).toBe(1);
  expect(await page.isVisible('#unadopted')).toBe(false);
}, 60000);
