// Google's daily URL-fetch quota used up (by this add-on or any other script of the user's): the
// runtime throws Google's words, and the add-on names it. Nothing is sent again, no row is written
// over with "no answer", formulas say to recalculate tomorrow, and the next day finishes the work.
import { INDEX } from '../../dev/emulator/brandIndex';
import type { Sheet } from '../../dev/gas-runtime/spreadsheet';
import { records, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';

let w: World;
afterEach(() => w?.close());

const DAY = 24 * 3600 * 1000;
const indexed = INDEX.filter((b) => !b.domain.endsWith('.example')).map((b) => b.domain);
const QUOTA = 40;

function load(sheet: Sheet, head: string[], rows: unknown[][]): void {
  sheet.probe.rows = [head, ...rows].map((r) => r.map((v) => ({ value: v as string })));
  sheet.setActiveSelection(`A1:A${rows.length + 1}`);
}

/** Spends `n` of today's fetches the way another script of the user's would. */
function spendElsewhere(w: World, n: number): void {
  const sheet = w.rt.spreadsheet.insertSheet('Warm-up');
  load(
    sheet,
    ['Website'],
    indexed.slice(100, 100 + n).map((s) => [s]),
  );
  sidebar(w.rt).scoreSelection({ refresh: 'all' });
}

describe('the daily URL-fetch quota, used up', () => {
  it('Score stops at once, rows keep what they had, the report names it; tomorrow finishes', async () => {
    w = await startWorld({ urlFetchDailyQuota: QUOTA });
    spendElsewhere(w, 30);
    const sheet = w.rt.spreadsheet.insertSheet('List');
    const sites = indexed.slice(0, 20);
    load(
      sheet,
      ['Website', 'Public score', 'Score message'],
      sites.map((s) => [s, 12, '']),
    );
    w.rt.fetchStats.log = [];
    const r = sidebar(w.rt).scoreSelection({ refresh: 'all' });
    expect(r.message).toMatch(
      /^20 rows: 20 left for tomorrow. Today's requests are used up: the rest runs after Google's daily limit resets/,
    );
    expect(r.leftForTomorrow).toBe(20);
    // Google sent nothing, and nothing was sent again.
    expect(w.rt.fetchStats.log).toEqual([]);
    expect(records(sheet).map((row) => [row['Public score'], row['Score message']])).toEqual(
      sites.map(() => [12, '']),
    );
    // A formula asks too: it says so in words, not "no answer".
    expect(w.rt.customFunction('VIS_SCORE', sites[0])).toBe(
      'error: daily request limit used up, recalculate tomorrow',
    );
    await w.elapse(DAY);
    const next = sidebar(w.rt).scoreSelection({ refresh: 'all' });
    expect(next.leftForTomorrow).toBe(0);
    expect(records(sheet).map((row) => row['Public score'])).toEqual(
      sites.map((site) => INDEX.find((b) => b.domain === site)!.overallScore),
    );
  });

  it('Generate touches no row it did not send, and the next day sends only those', async () => {
    w = await startWorld({ urlFetchDailyQuota: QUOTA });
    spendElsewhere(w, 35);
    const sheet = w.rt.spreadsheet.insertSheet('Prospects');
    load(
      sheet,
      ['Website'],
      Array.from({ length: 12 }, (_, i) => [`quota-${i}.com`]),
    );
    const r = w.rt.runFromSidebar('startPreviewsForSelection', []) as { message: string };
    expect(r.message).toMatch(/today's requests are used up/);
    const rows = records(sheet);
    // Rows either got their preview or stay blank: none says "no answer" or an error.
    expect(rows.filter((row) => String(row['Preview status'] ?? '').startsWith('error'))).toEqual(
      [],
    );
    const sent = rows.filter((row) => row['Preview UUID']).length;
    expect(sent).toBeLessThan(12);
    await w.elapse(DAY);
    w.rt.fetchStats.log = [];
    sheet.setActiveSelection('A1:A13');
    w.rt.runFromSidebar('startPreviewsForSelection', []) as { message: string };
    const posts = w.rt.fetchStats.log.filter((l) => l.method === 'post');
    expect(posts).toHaveLength(12 - sent);
    expect(records(sheet).every((row) => row['Preview UUID'])).toBe(true);
  });

  it('a background poll waits for the reset without marking rows or counting a failure', async () => {
    w = await startWorld({ urlFetchDailyQuota: QUOTA });
    // The quota is counted per UTC day: the two hours below must not cross a midnight (a run at
    // 23:00 UTC once did, and the poll found a fresh quota).
    await w.elapse(DAY - (w.rt.clock.now() % DAY) + 60_000);
    const sheet = w.rt.spreadsheet.activeSheet;
    load(
      sheet,
      ['Website'],
      Array.from({ length: 5 }, (_, i) => [`bg-quota-${i}.com`]),
    );
    w.rt.runFromSidebar('startPreviewsForSelection', []) as { message: string };
    spendElsewhere(w, QUOTA - 5);
    w.rt.spreadsheet.activeSheet = sheet;
    await w.elapse(2 * 3600_000);
    const rows = records(sheet);
    expect(rows.every((row) => row['Preview status'] === 'pending')).toBe(true);
    const log = w.rt.spreadsheet.sheets.find((s) => s.getName() === 'Visibility log');
    const failed = log ? records(log).filter((l) => Number(l['Errors']) > 0) : [];
    expect(failed).toEqual([]);
    await w.elapse(DAY);
    expect(records(sheet).every((row) => row['Preview status'] === 'complete')).toBe(true);
  });

  it('the tier is never guessed upward: consumer on any address until the person says Workspace', async () => {
    w = await startWorld({ owner: 'marketer@small-agency.example' });
    expect(sidebar(w.rt).getUsage()).toMatchObject({ tier: 'consumer', quota: 20000 });
    expect(sidebar(w.rt).getUsage().why).toMatch(/a Google Workspace one can say so in Settings/);
    const saved = sidebar(w.rt).saveSettings({ workspaceAccount: true });
    expect(saved.workspaceAccount).toBe(true);
    expect(sidebar(w.rt).getUsage()).toMatchObject({ tier: 'workspace', quota: 100000 });
  });
});
