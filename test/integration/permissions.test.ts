// Granular consent on the built bundle (docs/platform-limits.md, A4): a person who leaves one
// permission unticked on Google's consent screen gets the rest of the add-on, words naming what
// waits where they are, and background runs that skip that part and say so once.
import { diagnosticsFromHelp } from '../menuApi';
import { startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import type { Schedule } from '../../src/contract/schedules';
import { reportBook } from './reportBook';
import { answer, FORM, WATCH } from './leadForm';
import type { Spreadsheet } from '../../dev/gas-runtime/spreadsheet';

let w: World;
afterEach(() => w?.close());

const HOUR = 3600 * 1000;
const AUTH = 'https://www.googleapis.com/auth/';

function fill(book: Spreadsheet, sites: string[]): void {
  const sheet = book.activeSheet;
  sheet.probe.rows = [['Website'], ...sites.map((s) => [s])].map((r) =>
    r.map((value) => ({ value })),
  );
  sheet.setActiveSelection(`A1:A${sites.length + 1}`);
}

function column(book: Spreadsheet, header: string): string[] {
  const rows = book.activeSheet.probe.rows;
  const at = rows[0]!.map((c) => c.value).indexOf(header);
  return at < 0 ? [] : rows.slice(1).map((r) => String(r[at]?.value ?? ''));
}

const logResults = (book: Spreadsheet) =>
  (book.sheets.find((s) => s.probe.title === 'Visibility log')?.probe.rows ?? [])
    .slice(1)
    .map((r) => String(r[8]?.value));

describe('a permission left unticked', () => {
  it('Score says which permission it needs, touches no cell and sends nothing; Settings and Help show it with Google’s link', async () => {
    w = await startWorld();
    w.rt.untickScope(w.rt.owner, `${AUTH}script.external_request`);
    fill(w.rt.spreadsheet, ['acmeanalytics.com', 'rosies-bakery.com']);
    const api = sidebar(w.rt);
    const r = api.scoreSelection();
    expect(r.state).toBe('refused');
    expect(r.message).toBe(
      'Scores, previews and scans need permission to connect to the Visibility service: grant it in Settings (Grant access).',
    );
    expect(w.rt.fetchStats.requests).toBe(0);
    expect(column(w.rt.spreadsheet, 'Public score')).toEqual([]);

    const settings = api.getSettings();
    expect(settings.permissions.missing).toEqual([
      'Scores, previews and scans need permission to connect to the Visibility service',
    ]);
    expect(settings.permissions.grantUrl).toMatch(/^https:\/\//);
    expect(diagnosticsFromHelp(w.rt)).toContain('Permissions not granted: service');
    w.rt.grantAllScopes(w.rt.owner);
    expect(sidebar(w.rt).getSettings().permissions).toEqual({ missing: [], grantUrl: null });
    expect(sidebar(w.rt).scoreSelection().state).toBe('done');
  });

  it('when Google does not say which scopes are granted (null), its status decides: nothing is taken as granted while any is missing', async () => {
    w = await startWorld();
    w.rt.scopesUnsaid(w.rt.owner);
    fill(w.rt.spreadsheet, ['acmeanalytics.com']);
    // Everything granted: the status says so, and Score works.
    expect(sidebar(w.rt).scoreSelection().state).toBe('done');
    w.rt.untickScope(w.rt.owner, `${AUTH}script.external_request`);
    const r = sidebar(w.rt).scoreSelection({ refresh: 'all' });
    expect(r.state).toBe('refused');
    expect(r.message).toMatch(/need permission to connect to the Visibility service/);
    expect(sidebar(w.rt).getSettings().permissions.grantUrl).toMatch(/^https:\/\//);
    w.rt.grantAllScopes(w.rt.owner);
    expect(sidebar(w.rt).getSettings().permissions).toEqual({ missing: [], grantUrl: null });
  });

  it('Generate without background runs makes the previews, no trigger; the poll says what waits; once granted, reopening the sidebar makes the trigger', async () => {
    w = await startWorld();
    w.rt.untickScope(w.rt.owner, `${AUTH}script.scriptapp`);
    const book = w.rt.spreadsheet;
    fill(book, ['acmeanalytics.com', 'rosies-bakery.com']);
    const r = sidebar(w.rt).startPreviewsForSelection();
    expect(r.state).toBe('done');
    expect(column(book, 'Preview status')).toEqual(['pending', 'pending']);
    expect(w.rt.triggers.list).toHaveLength(0);
    expect(sidebar(w.rt).pollPendingPreviews().notice).toBe(
      'Finishing previews, scans, schedules and lead watches with the sidebar closed need permission to run in the background: grant it in Settings (Grant access).',
    );
    // Granted from Settings' link, the sidebar reopened: its trigger is made at once.
    w.rt.grantAllScopes(w.rt.owner);
    sidebar(w.rt).getSettings();
    expect(w.rt.triggers.list).toHaveLength(1);
    expect(sidebar(w.rt).pollPendingPreviews().notice).toBeUndefined();
    await w.elapse(91_000);
    await w.elapse(HOUR);
    expect(column(book, 'Preview status')).toEqual(['complete', 'complete']);
  });

  it('the hourly run without the service permission leaves previews pending and says so once in the log, not every hour', async () => {
    w = await startWorld();
    const book = w.rt.spreadsheet;
    fill(book, ['acmeanalytics.com']);
    sidebar(w.rt).startPreviewsForSelection();
    // A re-consent (an update, a revoked grant) without "connect to an external service".
    w.rt.untickScope(w.rt.owner, `${AUTH}script.external_request`);
    for (let h = 0; h < 3; h++) await w.elapse(HOUR);
    expect(column(book, 'Preview status')).toEqual(['pending']);
    const said = logResults(book).filter((l) => l.includes('need permission to connect'));
    expect(said).toEqual([
      'Scores, previews and scans need permission to connect to the Visibility service: grant it in Settings (Grant access). Until then that part of the background work is skipped; this is said once.',
    ]);
    w.rt.grantAllScopes(w.rt.owner);
    await w.elapse(HOUR);
    expect(column(book, 'Preview status')).toEqual(['complete']);
  });

  it('a Send report schedule without e-mail draws its deck and says the e-mail waits; without Slides it says no deck was made', async () => {
    w = await startWorld();
    const now = new Date(w.rt.clock.now());
    await w.elapse(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 0, 30) -
        now.getTime(),
    );
    reportBook(w.rt, w.rt.clock.now());
    const daily: Schedule = {
      action: 'sendReport',
      sheetName: 'Clients',
      every: 'day',
      hour: 8,
      report: { site: 'acme.com', competitors: ['beta.com'], weeks: 4, to: ['boss@client.com'] },
    };
    // Saved without the e-mail permission too (the season found saving asked MailApp its quota).
    w.rt.untickScope(w.rt.owner, `${AUTH}script.send_mail`);
    expect(sidebar(w.rt).saveSchedule(daily)).toMatchObject({ ok: true });
    for (let h = 0; h < 9; h++) await w.elapse(HOUR);
    expect(w.rt.slides.decks.size).toBe(1);
    expect(w.rt.mail.sent).toHaveLength(0);
    const sendReport = () => logResults(w.rt.spreadsheet).filter((l) => /deck/i.test(l));
    expect(sendReport()[0]).toMatch(
      /^Deck made \(\d+ slides\): .* No e-mail sent: Report, alert and lead e-mails need permission to send e-mail as you: grant it in Settings \(Grant access\)\.$/,
    );

    w.rt.grantAllScopes(w.rt.owner);
    w.rt.untickScope(w.rt.owner, `${AUTH}presentations`);
    for (let h = 0; h < 24; h++) await w.elapse(HOUR);
    expect(sendReport().at(-1)).toContain(
      'No deck was made: Report decks need permission to make presentations in Google Slides: grant it in Settings (Grant access).',
    );
    expect(w.rt.mail.sent).toHaveLength(0);
  });
});

describe('every permission can be left unticked', () => {
  it('without the spreadsheets permission the menu renders, Settings names what is missing, and every other call says so in words', async () => {
    w = await startWorld();
    fill(w.rt.spreadsheet, ['nike.com']);
    w.rt.untickScope(w.rt.owner, `${AUTH}spreadsheets`);
    w.rt.run('onOpen', [{ authMode: 'LIMITED' }], { mode: 'simple-trigger' });
    expect(w.rt.ui.menus[0]?.items.length).toBeGreaterThan(5);
    const settings = sidebar(w.rt).getSettings();
    expect(settings.permissions.missing).toEqual([
      'Reading and writing your lists (every feature but this menu and Settings) need permission to see and edit your spreadsheets',
    ]);
    expect(settings.formulaKeyRefused).toMatch(/permission to see your spreadsheets/);
    expect(() => sidebar(w.rt).getSelectionSummary()).toThrow(
      /^Reading and writing your lists \(every feature but this menu and Settings\) need permission to see and edit your spreadsheets: /,
    );
    expect(column(w.rt.spreadsheet, 'Public score')).toEqual([]);
  });

  it('without the sidebar permission the sidebar does not open and says why', async () => {
    w = await startWorld();
    w.rt.untickScope(w.rt.owner, `${AUTH}script.container.ui`);
    expect(() => w.rt.run('showSidebar', [], { mode: 'menu' })).toThrow(
      /^The sidebar, Help and the menu’s dialogs need permission to show the sidebar and dialogs in Google Sheets: /,
    );
    expect(w.rt.ui.sidebar).toBeNull();
  });

  it('without the e-mail address permission, schedules and watches are refused in words; scores work', async () => {
    w = await startWorld();
    fill(w.rt.spreadsheet, ['nike.com']);
    w.rt.untickScope(w.rt.owner, `${AUTH}userinfo.email`);
    const api = sidebar(w.rt);
    const schedule: Schedule = {
      action: 'refreshScores',
      sheetName: w.rt.spreadsheet.activeSheet.getName(),
      every: 'day',
      hour: 9,
      refresh: 'all',
    };
    expect(api.saveSchedule(schedule)).toMatchObject({
      ok: false,
      message: expect.stringMatching(
        /^Schedules, lead watches and taking over .* need permission to see your e-mail address: /,
      ),
    });
    expect(api.getSchedules()).toEqual([]);
    w.rt.submitForm(FORM, answer('early.com', 'e@early.example'));
    expect(api.saveLeadWatch(WATCH)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/need permission to see your e-mail address: /),
    });
    w.rt.spreadsheet.sheets[0]!.activate();
    expect(api.scoreSelection({ refresh: 'all' }).state).toBe('done');
    expect(column(w.rt.spreadsheet, 'Public score')).toEqual(['88']);
  });
});
