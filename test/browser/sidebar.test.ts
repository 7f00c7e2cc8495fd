// The sidebar in headless Chromium (Debian's), through the playground: save a key, test the
// connection, generate, watch progress reach complete, and see a hostile brand name as text.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startPlayground, type Playground } from '../../dev/playground';
import { atRest, openTab, pollUntil } from '../../dev/sidebarTabs';
import { MONITOR_MS } from '../../src/contract/sidebar';
import { PANELS } from '../../src/contract/sidebar';

const HOSTILE = '<img src=x onerror=alert(1)></script>';
let play: Playground;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  const csv = path.join(mkdtempSync(path.join(os.tmpdir(), 'play-')), 'sheet.csv');
  writeFileSync(
    csv,
    // The hostile row names no company: "Just completed" shows the service's name for it.
    'Company,Website\nAcme,acmeanalytics.com\n,hostile-markup.example\nRosie,rosies-bakery.com\nTypo,not a site\n',
  );
  play = await startPlayground({ timeScale: 100, addonPace: 100, csv });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  page = await browser.newPage({ viewport: { width: 300, height: 900 } });
  // The page's timers on Playwright's clock: a test jumps to the sidebar's next poll (pollUntil).
  await page.clock.install();
  page.on('dialog', () => {
    throw new Error('a dialog opened: markup from the service ran');
  });
});

/**
 * Waits for the sheet behind the playground to reach a state (the page saves asynchronously). A
 * loaded machine makes the wait longer, never the test red: it gives up only at half the test's
 * time, where a state that never comes is a failure worth its message.
 */
async function until(reached: () => boolean): Promise<void> {
  const giveUp = Date.now() + 30_000;
  while (!reached() && Date.now() < giveUp) await new Promise((r) => setTimeout(r, 50));
  expect(reached()).toBe(true);
}

afterAll(async () => {
  await browser?.close();
  await play?.close();
});

/** Rows each tab bar on screen takes (one each, at the sidebar's 300 px), as laid out. */
const tabRows = () =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('[role=tablist]'))
      .filter((list) => list.getClientRects().length > 0)
      .map(
        (list) =>
          new Set(
            Array.from(list.querySelectorAll('[role=tab]')).map((b) =>
              Math.round(b.getBoundingClientRect().top),
            ),
          ).size,
      ),
  );

/**
 * What overflows on screen, measured: an element that ends past the sidebar's edge, or whose box
 * clips what it holds (text cut off). Form fields scroll their own text and are left out.
 */
const overflowing = () =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.getClientRects().length === 0) continue; // not shown
      if (el instanceof HTMLSelectElement) {
        // A closed list shows its chosen option in its box, cut off when longer (arrow aside).
        const probe = document.createElement('span');
        probe.style.cssText = `font:${getComputedStyle(el).font};white-space:nowrap;position:absolute`;
        probe.textContent = el.selectedOptions[0]?.textContent?.trim() ?? '';
        document.body.append(probe);
        if (probe.getBoundingClientRect().width > el.clientWidth - 32)
          found.push(`#${el.id} cut off`);
        probe.remove();
        continue;
      }
      if (el.matches('input, textarea, option')) continue;
      const name = el.id
        ? `#${el.id}`
        : `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
      if (el.getBoundingClientRect().right > width + 0.5) found.push(`${name} past the edge`);
      else if (getComputedStyle(el).overflowX !== 'visible' && el.scrollWidth > el.clientWidth + 1)
        found.push(`${name} cut off`);
    }
    return found;
  });

/**
 * Generate pressed once the Previews tab counts `n` to send, then the ten minutes the emulated
 * scans take.
 */
async function generateAndWait(n: number): Promise<void> {
  const toSend = new RegExp(`\\b${n} to send`);
  const started = new RegExp(`\\b${n} previews? started`);
  await page.waitForFunction(
    (re) => new RegExp(re).test(document.querySelector('#selection')?.textContent ?? ''),
    toSend.source,
  );
  await page.click('#generate');
  await page.waitForFunction(
    (re) => new RegExp(re).test(document.querySelector('#run-message')?.textContent ?? ''),
    started.source,
  );
  await play.elapse(10 * 60_000);
}

/** Every tab, opened as a person does: one row of tabs, nothing past the edge or cut off. */
/** `fresh`: a new user's screens, each with every control on a 900 px tall screen. */
async function everyScreenFits(fresh = false): Promise<void> {
  for (const panel of PANELS) {
    await openTab(page, panel);
    // Measured once the tab has what it loads: a screen mid-load is not the screen people see.
    await atRest(page);
    expect([panel, await tabRows()]).toEqual([
      panel,
      panel === 'start' || panel === 'settings' ? [1] : [1, 1],
    ]);
    expect([panel, await overflowing()]).toEqual([panel, []]);
    if (fresh) expect([panel, await tallerThanScreen()]).toEqual([panel, false]);
  }
  if (!fresh) return;
  // The Leads form with its e-mail and consent fields open still has its button on the screen.
  await openTab(page, 'leads');
  await page.selectOption('#lead-sheet', { index: 1 });
  await page.selectOption('#lead-email', { index: 1 });
  await page.selectOption('#lead-consent', { index: 1 });
  await page.waitForSelector('#lead-consent-yes');
  expect(['leads with e-mail', await tallerThanScreen()]).toEqual(['leads with e-mail', false]);
  await page.selectOption('#lead-email', { index: 0 });
}

/**
 * Whether a control of the open tab (a button, a field, a fold's heading) lies past a 300 × 900
 * sidebar's foot, where it needs a scroll: the lowest one's bottom edge, or false. Reading
 * matter below the controls (a log of runs) may run on.
 */
const tallerThanScreen = () =>
  page.evaluate(() => {
    const panel = document.querySelector('section.panel:not([hidden])')!;
    const controls = [...panel.querySelectorAll('button, input, select, textarea, summary')];
    const bottoms = controls
      // Shown only: a folded section's fields are not laid out until it opens.
      .filter((e) => e.checkVisibility())
      .map((e) => Math.ceil(e.getBoundingClientRect().bottom + window.scrollY));
    const lowest = Math.max(0, ...bottoms);
    return lowest > window.innerHeight && lowest;
  });

// One sidebar session, step by step as a new user goes: each step starts where the last ended.
describe('a new user’s first session in the sidebar', () => {
  it('opens on the checklist, and inserts the example sheet of public scores', async () => {
    await page.goto(`${play.url}/sidebar`);
    // With no key yet, the sidebar opens on a checklist: public scores first, then the key.
    await page.waitForSelector('#panel-start:not([hidden])');
    await page.click('#insert-example');
    await page.waitForFunction(() =>
      /ten brands' public scores/.test(document.querySelector('#start-message')?.textContent ?? ''),
    );
    const example = play.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Visibility example')!;
    expect(example.probe.rows[1]!.map((c) => c.value).slice(0, 2)).toEqual(['nike.com', 88]);
    // The example is the active sheet now; one press goes back to the list.
    expect(play.rt.spreadsheet.activeSheet).toBe(example);
    await page.click('#back-from-example');
    await page.waitForSelector('#back-from-example', { state: 'detached' });
    expect(play.rt.spreadsheet.activeSheet).toBe(play.rt.spreadsheet.sheets[0]);
  }, 30000);

  it('at 300 × 900, every screen has its tabs on one row, nothing past the edge or cut off, every control on the screen', async () => {
    await everyScreenFits(true);
    // The measure can fail: a planted wide line and a clipped box are both found.
    await page.evaluate(() => {
      const panel = document.querySelector('section.panel:not([hidden])')!;
      panel.insertAdjacentHTML(
        'beforeend',
        '<p id="planted-wide" style="width:400px">wide</p><p id="planted-clip" style="overflow:hidden;white-space:nowrap;width:50px">a line far longer than its box</p>',
      );
    });
    expect(await overflowing()).toEqual(['#planted-wide past the edge', '#planted-clip cut off']);
    // And a control below the foot of the screen is found.
    await page.evaluate(() =>
      document
        .querySelector('section.panel:not([hidden])')!
        .insertAdjacentHTML(
          'beforeend',
          '<button id="planted-low" style="margin-top:900px">x</button>',
        ),
    );
    expect(await tallerThanScreen()).toBeGreaterThan(900);
    await page.evaluate(() =>
      document.querySelectorAll('[id^=planted-]').forEach((e) => e.remove()),
    );
  }, 60000);

  it('says Generate needs the key before it is pressed, with the way to Settings', async () => {
    await openTab(page, 'previews');
    expect(await page.isDisabled('#generate')).toBe(true);
    expect(await page.isVisible('#needs-key')).toBe(true);
    expect(await page.textContent('#needs-key')).toMatch(/Previews need your API key/);
    // The quota line shows where fetches are spent, not on the checklist or in Settings.
    expect(await page.isVisible('#usage')).toBe(true);
    // The scan monitor's checks and rescans say the same; opening its sheet needs no key.
    await openTab(page, 'scans');
    expect(await page.isDisabled('#refresh-monitor')).toBe(true);
    expect(await page.isDisabled('#rescan')).toBe(true);
    expect(await page.isDisabled('#open-monitor')).toBe(false);
    expect(await page.isVisible('#scans-need-key')).toBe(true);
    await openTab(page, 'previews');
    await page.click('#needs-key button');
    await page.waitForSelector('#panel-settings:not([hidden])');
    expect(await page.isVisible('#usage')).toBe(false);
    await openTab(page, 'start');
    expect(await page.$$eval('.checklist li.done', (l) => l.length)).toBe(0);
    expect(await page.textContent('#account-line')).toMatch(/^No API key yet/);
    await page.screenshot({ path: path.join('out', 'sidebar-start.png'), fullPage: true });
  }, 30000);

  it('a key the service refuses: the account line says so and Generate waits for a good one', async () => {
    await openTab(page, 'settings');
    await page.fill('#api-key', 'wrong-key');
    // Test connection tests the saved key: a typed one is not tested unsaid.
    await page.click('#test-connection');
    expect(await page.textContent('#settings-message')).toMatch(/^Press Save first/);
    await page.click('#save-settings');
    await page.waitForFunction(() =>
      document.querySelector('#key-state')?.textContent?.includes('••••'),
    );
    await page.click('#test-connection');
    await page.waitForFunction(() =>
      /key refused by the service/.test(document.querySelector('#account-line')?.textContent ?? ''),
    );
    expect(await page.textContent('#account-line')).not.toMatch(/not tested yet/);
    await openTab(page, 'previews');
    expect(await page.isDisabled('#generate')).toBe(true);
    expect(await page.textContent('#needs-key')).toMatch(/The service refused your saved key/);
    await openTab(page, 'start');
  }, 30000);

  it('saves the key, shows it masked and never in the page, and tests the connection', async () => {
    await page.click('#go-settings');
    await page.waitForSelector('#panel-settings:not([hidden])');
    await page.fill('#api-key', 'demo-pro-key');
    await page.check('#allow-formulas');
    await page.click('#save-settings');
    // A key was saved before (the refused one): wait for this save's own answer.
    await page.waitForFunction(
      () => (document.querySelector('#api-key') as HTMLInputElement).value === '',
    );
    await page.waitForFunction(() =>
      document.querySelector('#key-state')?.textContent?.includes('••••'),
    );
    expect(await page.inputValue('#api-key')).toBe('');
    expect(await page.content()).not.toContain('demo-pro-key');
    await page.click('#test-connection');
    await page.waitForFunction(() =>
      document.querySelector('#settings-message')?.textContent?.startsWith('Connected'),
    );
    // Every screen says where the person stands; the checklist ticks both steps, in words too.
    await page.waitForFunction(() =>
      /^Key •+.* · connection tested$/.test(
        document.querySelector('#account-line')?.textContent ?? '',
      ),
    );
    await openTab(page, 'previews');
    expect(await page.isVisible('#needs-key')).toBe(false);
    await openTab(page, 'settings');
    await page.screenshot({ path: path.join('out', 'sidebar-settings.png'), fullPage: true });
    await openTab(page, 'start');
    expect(await page.$$eval('.checklist li.done', (l) => l.map((x) => x.textContent))).toEqual([
      expect.stringMatching(/Add your API key \(done\)/),
      expect.stringMatching(/Test the connection \(done\)/),
    ]);
  }, 30000);

  it('generates previews for the selection and shows them complete, a hostile name as text', async () => {
    await openTab(page, 'previews');
    // The scans finish, and the sidebar's next poll finds them complete.
    await generateAndWait(3);
    await pollUntil(page, () => document.querySelector('#count-complete')?.textContent === '3');
    // The parts add up: 3 triggered = 3 complete + 0 failed; the bad address was never sent.
    expect(await page.textContent('#count-triggered')).toBe('3');
    expect(await page.textContent('#count-failed')).toBe('0');
    expect(await page.textContent('#count-not-sent')).toBe('1');
    // A preview made shows the key's plan on every screen.
    expect(await page.textContent('#account-line')).toMatch(/ · Starter or Pro plan$/);

    const recent = await page.$$eval('#recent li', (items) => items.map((i) => i.textContent));
    expect(recent).toContain(`${HOSTILE}: 42`);
    // A row that names its company is listed by it, as the person wrote it.
    expect(recent.filter((t) => /^Acme: \d+$/.test(t ?? ''))).toHaveLength(1);
    expect(await page.$$('#recent img')).toHaveLength(0);
    expect(await page.textContent('#errors')).toMatch(/row 5: error: bad URL/);

    const sheet = play.rt.spreadsheet.activeSheet;
    expect(sheet.probe.rows.slice(1, 4).map((r) => r[2]?.value)).toEqual([
      'complete',
      'complete',
      'complete',
    ]);
  }, 60000);

  it('shows the score plan before anything is sent, then scores the list', async () => {
    await openTab(page, 'scores');
    await page.click('#refresh-score-plan');
    await page.waitForFunction(() =>
      /3 sites to fetch/.test(document.querySelector('#score-plan')?.textContent ?? ''),
    );
    // Today's quota is the usage line's alone: a plan that fits does not restate it.
    const planLine = await page.textContent('#score-plan');
    expect(planLine).toMatch(/\(0 cached, 3 requests\)/);
    expect(planLine).not.toMatch(/left today/);
    await page.click('#score');
    await page.waitForFunction(() =>
      /rows: \d+ scored/.test(document.querySelector('#score-message')?.textContent ?? ''),
    );
    const head = play.rt.spreadsheet.activeSheet.probe.rows[0]!.map((c) => c.value);
    expect(head).toContain('Public score');
    // The sidebar says where the scores landed, and goes there.
    const at = `${String.fromCharCode(65 + head.indexOf('Public score'))}2`;
    expect(await page.textContent('#scores-at')).toContain(
      `"Public score" column: ${play.rt.spreadsheet.activeSheet.getName()}!${at}:`,
    );
    play.rt.spreadsheet.activeSheet.setActiveSelection('A1');
    await page.click('#show-scores');
    const selected = () => play.rt.spreadsheet.getActiveRange()?.getA1Notation() ?? '';
    await until(() => selected().startsWith(at));
    expect(selected()).toMatch(new RegExp(`^${at}:`));
    // The playground page's request count and the sidebar's meter agree.
    const { requests } = (await (await fetch(`${play.url}/api/sheet`)).json()) as {
      requests: number;
    };
    expect(requests).toBeGreaterThan(0);
    await page.waitForFunction(
      (n) => document.querySelector('#usage')?.textContent?.startsWith(`Requests today: ${n} of`),
      requests,
    );

    await atRest(page);
    await page.screenshot({ path: path.join('out', 'sidebar-scores.png'), fullPage: true });
  }, 30000);

  it('previews pitches from a starter and writes them into the list, then marks the rows contacted', async () => {
    await openTab(page, 'outreach');
    await page.waitForFunction(() => document.querySelectorAll('#placeholders button').length > 0);
    await page.selectOption('#pitch-pick', 'Agency audit offer');
    expect(await page.inputValue('#pitch-template')).toMatch(/^Hi \{\{First name\}\}, we audit/);
    await page.click('#preview-pitches');
    await page.waitForFunction(() => document.querySelectorAll('#pitch-preview li').length > 0);
    await page.click('#write-pitches');
    await page.waitForFunction(() =>
      /Pitches written for/.test(document.querySelector('#pitch-message')?.textContent ?? ''),
    );
    // The answer is under the button pressed, not at the foot of a long panel.
    const [button, answer] = await Promise.all(
      ['#write-pitches', '#pitch-message'].map((id) => page.locator(id).boundingBox()),
    );
    expect(answer!.y - (button!.y + button!.height)).toBeLessThan(40);
    const sheet = play.rt.spreadsheet.activeSheet;
    const head = sheet.probe.rows[0]!.map((c) => c.value);
    const acme = sheet.probe.rows[1]!;
    expect(String(acme[head.indexOf('Pitch')]?.value)).toMatch(
      /acmeanalytics\.com scores \d+ overall/,
    );
    await page.click('#mark-contacted');
    await page.waitForFunction(() =>
      /marked contacted/.test(document.querySelector('#outreach-message')?.textContent ?? ''),
    );
    expect(sheet.probe.rows[0]!.map((c) => c.value)).toContain('Score at contact');
    await page.screenshot({ path: path.join('out', 'sidebar-outreach.png'), fullPage: true });
  }, 30000);

  it('adds a schedule from the form and lists it as ours, with its next run', async () => {
    await openTab(page, 'schedules');
    // The sheet is picked from the document's own sheets, not typed.
    expect(
      await page.$$eval('#schedule-sheet option', (o) => o.map((x) => x.textContent?.trim())),
    ).toEqual(['Choose a sheet', 'Prospects', 'Visibility example']);
    await page.selectOption('#schedule-sheet', 'Prospects');
    await page.fill('#schedule-hour', '9');
    await page.check('#schedule-email');
    await page.check('#schedule-unusual');
    await page.click('#schedule-save');
    await page.waitForFunction(() =>
      /Scores of "Prospects", every day at 9:00; next run (today at 9:00|tomorrow at 9:00|today at the next check)/.test(
        document.querySelector('#schedule-list')?.textContent ?? '',
      ),
    );
    expect(await page.textContent('#schedule-list')).toContain('Runs as you');
    const [saved] = play.rt.runFromSidebar('getSchedules', []) as Array<{ alert?: object }>;
    expect(saved?.alert).toEqual({ email: true, minChange: 10, unusualOnly: true });
  }, 30000);

  it('adds a Send report schedule: its own fields, and the addresses checked by the server', async () => {
    await openTab(page, 'schedules');
    await page.selectOption('#schedule-action', 'sendReport');
    // A report's fields replace a refresh's: no rows to refresh, no alert threshold.
    expect(await page.$('#schedule-refresh')).toBeNull();
    await page.selectOption('#schedule-sheet', 'Prospects');
    await page.selectOption('#schedule-every', 'month');
    await page.fill('#schedule-hour', '7');
    await page.fill('#schedule-site', 'acmeanalytics.com');
    await page.fill('#schedule-competitors', 'rosies-bakery.com');
    await page.fill('#schedule-to', 'boss@client');
    await page.click('#schedule-save');
    await page.waitForFunction(() =>
      /"boss@client" is not an e-mail address/.test(
        document.querySelector('#schedule-message')?.textContent ?? '',
      ),
    );
    await page.fill('#schedule-to', 'boss@client.com, team@agency.example');
    await page.click('#schedule-save');
    await page.waitForFunction(() =>
      /A report on acmeanalytics\.com from "Prospects", to boss@client\.com, team@agency\.example, on the 1st of each month at 7:00/.test(
        document.querySelector('#schedule-list')?.textContent ?? '',
      ),
    );
    await page.screenshot({ path: path.join('out', 'sidebar-schedules.png'), fullPage: true });
  }, 30000);

  it('watches a form’s responses from the Leads tab; a response the playground’s form submits gets its report and e-mail', async () => {
    const form = (answers: Record<string, string>) =>
      fetch(`${play.url}/api/form`, { method: 'POST', body: JSON.stringify(answers) });
    await form({
      Name: 'Al',
      Website: 'slack.com',
      Email: 'al@slack.example',
      'May we e-mail you the report?': 'Yes',
    });
    await openTab(page, 'leads');
    await page.selectOption('#lead-sheet', 'Form Responses 1');
    // The form's usual questions are chosen by their headers.
    expect(await page.inputValue('#lead-website')).toBe('Website');
    expect(await page.inputValue('#lead-email')).toBe('Email');
    expect(await page.inputValue('#lead-consent')).toBe('May we e-mail you the report?');
    // The e-mail's words fold under their heading until the person opens them.
    expect(await page.isVisible('#lead-body')).toBe(false);
    await page.click('#lead-mail-words summary');
    await page.fill('#lead-body', 'Hi {Name}, no link here');
    await page.click('#lead-form button[type=submit]');
    await page.waitForFunction(() =>
      /Put \{report link\} in the message/.test(
        document.querySelector('#lead-message')?.textContent ?? '',
      ),
    );
    await page.fill('#lead-body', 'Hi {Name}, your report: {report link}');
    await page.click('#lead-form button[type=submit]');
    await page.waitForFunction(() =>
      /The row already there says "earlier row"/.test(
        document.querySelector('#lead-message')?.textContent ?? '',
      ),
    );
    const sent = play.rt.mail.sent.length;
    await form({
      Name: 'Jo',
      Website: 'nike.com',
      Email: 'jo@nike.example',
      'May we e-mail you the report?': 'Yes',
    });
    expect(play.rt.mail.sent.slice(sent).map((m) => m.to)).toEqual(['jo@nike.example']);
    // The tab stays open: its counts follow at the monitor's pace.
    await page.clock.fastForward(MONITOR_MS);
    await page.waitForFunction(() =>
      /Today: 1 report, 1 e-mailed\. Runs as you\./.test(
        document.querySelector('#lead-list')?.textContent ?? '',
      ),
    );
    // The tab was first opened before the key was saved: a report now is the choice all the same.
    expect(await page.textContent('#lead-list')).toContain('each new row gets a report,');
    await page.screenshot({ path: path.join('out', 'sidebar-leads.png'), fullPage: true });
  }, 30000);

  it('opens the scan monitor sheet from its tab', async () => {
    await openTab(page, 'scans');
    await page.click('#open-monitor');
    await page.waitForFunction(() =>
      /^No brand agents yet/.test(document.querySelector('#monitor-summary')?.textContent ?? ''),
    );
    expect(play.rt.spreadsheet.sheets.map((s) => s.probe.title)).toContain('Scan monitor');
    // The monitor is the active sheet now; the tab offers the way back to the list.
    expect(play.rt.spreadsheet.activeSheet.getName()).toBe('Scan monitor');
    expect(await page.textContent('#back-from-monitor')).toBe('Back to "Prospects"');
    await page.screenshot({ path: path.join('out', 'sidebar-monitor.png'), fullPage: true });
    await page.click('#back-from-monitor');
    await until(() => play.rt.spreadsheet.activeSheet.getName() === 'Prospects');
    await page.waitForSelector('#back-from-monitor', { state: 'detached' });

    // The README's picture: a new session's Previews tab after one more preview completes, so
    // "Just completed" lists real brands, not the escaping check's payload of an earlier test.
    await page.reload();
    await page.waitForSelector('#account-line');
    await page.clock.install();
    const list = play.rt.spreadsheet.activeSheet;
    list.appendRow(['Harbor', 'harbor-outdoor.com']);
    list.setActiveSelection(`B${list.getLastRow()}`);
    await openTab(page, 'previews');
    await page.click('#refresh-selection');
    await generateAndWait(1);
    await pollUntil(page, () => (document.querySelector('#recent')?.children.length ?? 0) > 0);
    expect(await page.textContent('#recent')).not.toContain('<img');
    await atRest(page);
    await page.screenshot({ path: path.join('out', 'sidebar.png'), fullPage: true });
    // The list as the next tests know it.
    list.deleteRows(list.getLastRow(), 1);
    // Filled with a session's results, every screen still fits.
    await everyScreenFits();
  }, 60000);
});

it('google.script.run runs at most 10 calls at once: the 11th waits, and every call is answered (E6)', async () => {
  await page.goto(`${play.url}/sidebar`);
  await page.waitForSelector('#account-line');
  const answered = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const run = (window as unknown as { google: { script: { run: any } } }).google.script.run;
        (window as unknown as { __rpcMostAtOnce: number }).__rpcMostAtOnce = 0;
        let n = 0;
        for (let i = 0; i < 15; i++)
          run.withSuccessHandler(() => ++n === 15 && resolve(n)).getUsage();
      }),
  );
  expect(answered).toBe(15);
  expect(
    await page.evaluate(() => (window as unknown as { __rpcMostAtOnce: number }).__rpcMostAtOnce),
  ).toBe(10);
}, 30000);

/** The playground's grid on the Prospects list, in a page of its own. */
async function openGrid() {
  const grid = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  const sheet = play.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Prospects')!;
  sheet.activate();
  await grid.goto(play.url);
  return { grid, sheet };
}
const cell = (row: number, col: number) => `#grid [data-row="${row}"][data-col="${col}"]`;

it("the playground's grid takes typing as Sheets does: values, formulas, Escape to cancel", async () => {
  const { grid, sheet } = await openGrid();
  try {
    await grid.waitForSelector(cell(6, 1)); // one blank row past the five of data, to grow the list

    await grid.click(cell(6, 1));
    await grid.keyboard.type('Globex');
    // A refresh while typing leaves the typing alone (evaluate waits for the redraw it returns).
    await grid.evaluate('refresh()');
    expect(await grid.textContent(cell(6, 1))).toBe('Globex');
    await grid.keyboard.press('Tab');
    await grid.keyboard.type('acmeanalytics.com');
    await grid.keyboard.press('Enter');
    await until(() => sheet.cell(6, 2).value === 'acmeanalytics.com');
    expect(sheet.cell(6, 1).value).toBe('Globex');

    const free = sheet.probe.rows[0]!.length + 1;
    await grid.click(cell(6, free));
    await grid.keyboard.type('=VIS_SCORE(B6)');
    await grid.keyboard.press('Enter');
    await until(() => sheet.cell(6, free).formula === '=VIS_SCORE(B6)');
    expect(typeof sheet.cell(6, free).value).toBe('number');
    await grid.waitForFunction(
      ([r, c]) =>
        /^\d+$/.test(
          document.querySelector(`#grid [data-row="${r}"][data-col="${c}"]`)?.textContent ?? '',
        ),
      [6, free],
    );

    await grid.click(cell(6, 1));
    await grid.keyboard.press('End');
    await grid.keyboard.type(' Corp');
    await grid.keyboard.press('Escape');
    await grid.waitForFunction(
      () => document.querySelector('#grid [data-row="6"][data-col="1"]')?.textContent === 'Globex',
    );
    expect(sheet.cell(6, 1).value).toBe('Globex');
  } finally {
    await grid.close();
  }
}, 60000);

it("the playground's grid selects and pastes as Sheets does: drag, shift-click, lines into rows, a selection moved elsewhere shown", async () => {
  const { grid, sheet } = await openGrid();
  try {
    await grid.waitForSelector(cell(5, 2));
    // Row numbers and column letters, and the clock's speed said.
    expect(
      await grid.$$eval('#grid th.edge', (t) => t.slice(0, 3).map((x) => x.textContent)),
    ).toEqual(['A', 'B', 'C']);
    expect(await grid.textContent('#stats')).toMatch(/the service clock runs ×\d+/);

    // A drag from B2 to B4 selects the range, here and in the sheet.
    const centre = async (sel: string) => {
      const b = (await grid.locator(sel).boundingBox())!;
      return [b.x + b.width / 2, b.y + b.height / 2] as const;
    };
    await grid.mouse.move(...(await centre(cell(2, 2))));
    await grid.mouse.down();
    await grid.mouse.move(...(await centre(cell(3, 2))));
    await grid.mouse.move(...(await centre(cell(4, 2))));
    await grid.mouse.up();
    await until(() => play.rt.spreadsheet.activeRange?.getA1Notation() === 'B2:B4');
    expect(await grid.inputValue('#a1')).toBe('B2:B4');
    // A click, then a shift-click: the block between them.
    await grid.click(cell(2, 1));
    await grid.click(cell(4, 3), { modifiers: ['Shift'] });
    await until(() => play.rt.spreadsheet.activeRange?.getA1Notation() === 'A2:C4');
    await grid.keyboard.press('Escape'); // the clicked cell leaves editing

    // Three lines pasted into one cell fill three rows, as Sheets does.
    const free = sheet.probe.filledRows() + 1;
    await grid.evaluate(
      (sel) => {
        const target = document.querySelector(sel) as HTMLElement;
        const data = new DataTransfer();
        data.setData('text/plain', 'asana.com\nmonday.com\ntrello.com\n');
        target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true }));
      },
      cell(free, 2),
    );
    await until(() => sheet.cell(free + 2, 2).value === 'trello.com');
    expect([sheet.cell(free, 2).value, sheet.cell(free + 1, 2).value]).toEqual([
      'asana.com',
      'monday.com',
    ]);

    // The selection moved elsewhere (a "Rows that need attention" link): the box follows it.
    sheet.setActiveSelection('B7');
    await grid.evaluate('refresh()');
    expect(await grid.inputValue('#a1')).toBe('B7');
    // Nothing changed: a refresh keeps the very cells a click may be landing on.
    const kept = await grid.$(cell(2, 2));
    await grid.evaluate('refresh()');
    expect(await kept!.evaluate((el) => el.isConnected)).toBe(true);
  } finally {
    await grid.close();
  }
}, 60000);

it("the playground has the sheet tabs and the add-on's menu, and says why a cell or a range is wrong", async () => {
  const grid = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  try {
    const prospects = play.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Prospects')!;
    prospects.activate();
    await grid.goto(play.url);
    await grid.waitForSelector('#sheet-tabs button');
    // The playground's own runs (its clock's triggers) may add a sheet while the page loads: the
    // page is compared with the workbook as it stands after one more refresh.
    await grid.evaluate('refresh()');
    // Every sheet the workbook has, the active one pressed: the way back to a list is a click.
    expect(await grid.$$eval('#sheet-tabs button', (b) => b.map((x) => x.textContent))).toEqual(
      play.rt.spreadsheet.sheets.map((s) => s.getName()),
    );
    await grid.click('#sheet-tabs button:has-text("Visibility example")');
    await until(() => play.rt.spreadsheet.activeSheet.getName() === 'Visibility example');
    await grid.click('#sheet-tabs button:has-text("Prospects")');
    await until(() => play.rt.spreadsheet.activeSheet.getName() === 'Prospects');

    // Every item of the Extensions menu, Help and Run self-check included; Help opens its dialog.
    await grid.click('#menu summary');
    expect(await grid.$$eval('#menu-items button', (b) => b.map((x) => x.textContent))).toEqual(
      play.rt.ui.menus[0]!.items.map((i) => i.caption),
    );
    // The menu opens the sidebar on the tab it names (its panel markup comes after the page's).
    for (const [item, tab] of [
      ['Settings', 'settings'],
      ['Write pitches for selection', 'outreach'],
      ['Open sidebar', 'previews'],
    ] as const) {
      await grid.click(`#menu-items button:has-text("${item}")`);
      await grid.frameLocator('#sidebar').locator(`#tab-${tab}[aria-selected="true"]`).waitFor();
      if (!(await grid.$eval('#menu', (d) => (d as HTMLDetailsElement).open)))
        await grid.click('#menu summary');
    }
    // An item that answers with a toast in Sheets says it here too, not silently.
    await grid.click('#menu-items button:has-text("Refresh pending previews")');
    await grid.waitForFunction(
      () => (document.querySelector('#ui-message')?.textContent ?? '') !== '',
    );
    if (!(await grid.$eval('#menu', (d) => (d as HTMLDetailsElement).open)))
      await grid.click('#menu summary');
    await grid.click('#menu-items button:has-text("Help")');
    await grid.waitForSelector('#dialog[open]');
    const help = grid.frameLocator('#dialog-frame');
    await help.locator('text=Diagnostics for support').waitFor();
    await grid.click('#dialog button');

    // A built-in function shows #ERROR!, and the cell says why.
    const free = prospects.probe.rows[0]!.length + 1;
    play.rt.spreadsheet.activeSheet.typeIn(2, free, '=SUM(B2:B3)');
    play.rt.recalculate();
    const cell = `#grid [data-row="2"][data-col="${free}"]`;
    await grid.waitForFunction(
      (sel) => document.querySelector(sel)?.textContent === '#ERROR!',
      cell,
    );
    await grid.click(cell);
    expect(await grid.textContent('#why')).toMatch(
      /SUM is a Sheets function the local runtime does not calculate/,
    );
    await grid.keyboard.press('Escape');
    play.rt.spreadsheet.activeSheet.typeIn(2, free, '');

    // A range Sheets would refuse is named, not ignored.
    await grid.fill('#a1', 'B0:B2');
    await grid.click('#select');
    await grid.waitForFunction(
      () => (document.querySelector('#select-error')?.textContent ?? '') !== '',
    );
  } finally {
    await grid.close();
  }
}, 60000);
