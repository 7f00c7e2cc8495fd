// Background work as Google runs it for an add-on: the clock trigger has no active document, so
// previews pending in two spreadsheets complete only because the handler opens each by ID.
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Spreadsheet } from '../../dev/gas-runtime/spreadsheet';
import { records, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import { leaveFigures } from '../figures';
import { sized } from '../size';

let w: World;
afterEach(() => w?.close());

const HOUR = 3600 * 1000;

function fill(book: Spreadsheet, sites: string[]): void {
  const sheet = book.activeSheet;
  sheet.probe.rows = [['Website'], ...sites.map((s) => [s])].map((r) =>
    r.map((value) => ({ value })),
  );
  sheet.setActiveSelection(`A1:A${sites.length + 1}`);
}

function statuses(book: Spreadsheet): string[] {
  const sheet = book.activeSheet;
  const head = sheet.probe.rows[0]!.map((c) => c.value);
  const col = head.indexOf('Preview status');
  return sheet.probe.rows.slice(1).map((r) => String(r[col]?.value ?? ''));
}

describe('background work with the sidebar closed', () => {
  it('completes previews pending in two spreadsheets through one trigger, then removes it', async () => {
    w = await startWorld();
    const first = w.rt.spreadsheet;
    const second = w.rt.addSpreadsheet('Second list');
    fill(first, ['acmeanalytics.com', 'rosies-bakery.com']);
    fill(second, ['company-1.com', 'company-2.com', 'company-3.com']);
    for (const book of [first, second]) {
      const r = sidebar(w.rt, undefined, book).startPreviewsForSelection();
      expect(r.state).toBe('done');
    }
    // One trigger for the user, however many documents have work.
    expect(w.rt.triggers.list).toHaveLength(1);
    expect(statuses(first)).toEqual(['pending', 'pending']);

    await w.elapse(91000);
    w.rt.advance(HOUR);
    expect(statuses(first)).toEqual(['complete', 'complete']);
    expect(statuses(second)).toEqual(['complete', 'complete', 'complete']);
    expect(w.rt.triggers.list).toHaveLength(0);
    expect(w.rt.logs.filter((l) => l.startsWith('[trigger'))).toEqual([]);
  });

  it('finds a trigger that stopped firing (the add-on disabled in its file), makes it again and says so once', async () => {
    w = await startWorld();
    const book = w.rt.spreadsheet;
    fill(book, ['acmeanalytics.com', 'rosies-bakery.com']);
    sidebar(w.rt).startPreviewsForSelection();
    // The person disables the add-on in this file: Google keeps the trigger listed, silent.
    w.rt.triggers.disableAddonIn(w.rt.owner, book.id);
    for (let h = 0; h < 3; h++) await w.elapse(HOUR);
    expect(statuses(book)).toEqual(['pending', 'pending']);
    const first = sidebar(w.rt).pollPendingPreviews();
    expect(first.notice).toMatch(/^Background work had stopped/);
    expect(sidebar(w.rt).pollPendingPreviews().notice).toBeUndefined();
    expect(w.rt.triggers.list.map((t) => t.stopped ?? false)).toEqual([false]);
    // It fires again: new previews complete with the sidebar closed.
    fill(book, ['company-1.com', 'company-2.com']);
    sidebar(w.rt).startPreviewsForSelection();
    await w.elapse(91000);
    await w.elapse(HOUR);
    expect(statuses(book)).toEqual(['complete', 'complete']);
  });

  it('drops a deleted spreadsheet from the list with a log line and still serves the others', async () => {
    w = await startWorld();
    const kept = w.rt.spreadsheet;
    const gone = w.rt.addSpreadsheet('Deleted later');
    fill(kept, ['acmeanalytics.com']);
    fill(gone, ['rosies-bakery.com']);
    for (const book of [kept, gone]) sidebar(w.rt, undefined, book).startPreviewsForSelection();
    w.rt.deleteSpreadsheet(gone.id);
    await w.elapse(91000);
    w.rt.advance(HOUR);
    expect(statuses(kept)).toEqual(['complete']);
    expect(w.rt.logs.some((l) => l.includes('a spreadsheet cannot be opened'))).toBe(true);
    // The log is the developers': it names no spreadsheet of the user's.
    expect(w.rt.logs.filter((l) => l.includes(gone.id) || l.includes(kept.id))).toEqual([]);
    expect(w.rt.triggers.list).toHaveLength(0);
  });

  it('keeps one user’s trigger alive only for that user’s work', async () => {
    w = await startWorld();
    fill(w.rt.spreadsheet, ['acmeanalytics.com']);
    sidebar(w.rt, 'colleague@example.com').saveSettings({
      apiKey: 'demo-pro-key',
      baseUrl: w.emu.baseUrl,
    });
    sidebar(w.rt, 'colleague@example.com').startPreviewsForSelection();
    expect(w.rt.triggers.list.map((t) => t.user)).toEqual(['colleague@example.com']);
    // The colleague's own trigger completes the row, and with their registry empty removes itself.
    await w.elapse(91000);
    w.rt.advance(HOUR);
    expect(statuses(w.rt.spreadsheet)).toEqual(['complete']);
    expect(w.rt.triggers.list).toHaveLength(0);
  });

  it('an add-on build without the spreadsheets scope is refused openById, as Google refuses it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dist-currentonly-'));
    copyFileSync('dist/Code.js', path.join(dir, 'Code.js'));
    copyFileSync('dist/Sidebar.html', path.join(dir, 'Sidebar.html'));
    const manifest = JSON.parse(readFileSync('dist/appsscript.json', 'utf8')) as {
      oauthScopes: string[];
    };
    manifest.oauthScopes = manifest.oauthScopes.map((s) =>
      s.endsWith('/auth/spreadsheets') ? `${s}.currentonly` : s,
    );
    writeFileSync(path.join(dir, 'appsscript.json'), JSON.stringify(manifest));
    w = await startWorld({ distDir: dir });
    fill(w.rt.spreadsheet, ['acmeanalytics.com']);
    sidebar(w.rt).startPreviewsForSelection();
    await w.elapse(91000);
    w.rt.advance(HOUR);
    expect(statuses(w.rt.spreadsheet)).toEqual(['pending']);
    // Refused (runtime rule A2, platform.test.ts), so the trigger could not open it.
    expect(w.rt.logs.some((l) => l.includes('a spreadsheet cannot be opened'))).toBe(true);
  });
});

describe("the day's trigger run time", () => {
  // The rule needs a refresh longer than the day's 90 minutes of trigger time, not 20,000 rows: in
  // `npm test` a tenth of the rows, each ten times slower to answer, take as many firings.
  const ROWS = sized(2000, 20000);
  it(`keeps hourly polls going while a ${ROWS.toLocaleString('en-US')}-row refresh spans the day, and finishes it the next`, async () => {
    // A slow service: a round trip of one firing's sites takes almost five minutes.
    w = await startWorld({ fetchMsPerRequest: (290 * 20000) / ROWS });
    const book = w.rt.spreadsheet;
    book.timeZone = 'Etc/UTC';
    // Start at 15:30 UTC: Google's window of trigger time opens at the first firing and lasts
    // 24 hours, past midnight (a UTC day would have planned a fresh 90 minutes at 00:00).
    const now = new Date(w.rt.clock.now());
    await w.elapse((((24 + 15 - now.getUTCHours()) % 24) * 60 - now.getUTCMinutes() + 30) * 60000);
    const clients = book.activeSheet;
    clients.setName('Clients');
    const sites = Array.from({ length: ROWS }, (_, i) => `client-${i % (ROWS * 0.95)}.com`);
    clients.probe.rows = [['Website'], ...sites.map((s) => [s])].map((r) =>
      r.map((value) => ({ value })),
    );
    const saved = sidebar(w.rt).saveSchedule({
      action: 'refreshScores',
      sheetName: 'Clients',
      every: 'day',
      hour: 1,
      refresh: 'all',
    });
    expect(saved.ok).toBe(true);
    const other = w.rt.addSpreadsheet('New prospects');

    for (let hour = 0; hour < 23; hour++) {
      if (hour === 19) {
        fill(other, ['acmeanalytics.com', 'rosies-bakery.com']);
        expect(sidebar(w.rt, undefined, other).startPreviewsForSelection().state).toBe('done');
      }
      await w.elapse(HOUR);
    }
    // Still the same window: the previews asked for 19 hours in were polled to completion.
    expect(statuses(other)).toEqual(['complete', 'complete']);
    expect(w.rt.logs.filter((l) => l.includes('too much computer time'))).toEqual([]);
    const log = records(book.sheets.find((s) => s.probe.title === 'Visibility log')!);
    expect(log.map((l) => String(l['Result']))).toContainEqual(
      expect.stringMatching(/^1 due schedule waits for tomorrow: .* of the 90 minutes/),
    );
    const checked = () =>
      records(clients).filter((r) => r['Checked'] !== '' && r['Checked'] !== undefined).length;
    const firstDay = checked();
    expect(firstDay).toBeGreaterThan(ROWS / 2);
    expect(firstDay).toBeLessThan(ROWS);

    const minutesDayOne = sidebar(w.rt).getUsage().triggerMinutes.today;
    await w.elapse(24 * HOUR);
    expect(checked()).toBe(ROWS);
    expect(w.rt.logs.filter((l) => l.includes('too much computer time'))).toEqual([]);
    leaveFigures(
      `${ROWS.toLocaleString('en-US')}-row refresh over a day, previews pending in another file`,
      {
        'rows refreshed on day 1': firstDay,
        'rows refreshed by day 2': checked(),
        'trigger minutes on day 1 (of 90)': minutesDayOne,
        'previews asked for at 19:30, complete by 23:30': statuses(other).filter(
          (s) => s === 'complete',
        ).length,
        'firings refused for computer time': w.rt.logs.filter((l) =>
          l.includes('too much computer time'),
        ).length,
      },
    );
  }, 240000);
});
