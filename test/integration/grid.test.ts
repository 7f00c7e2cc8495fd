// A sheet is a fixed grid (docs/platform-limits.md): lists as wide as CRM exports, histories past
// a new sheet's 1,000 rows, and a 4,000-site Score, on the built bundle in the strict runtime.
import { SCORE_HEADERS } from '../../src/domain/scoreColumns';
import type { Sheet } from '../../dev/gas-runtime/spreadsheet';
import { records, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import type { ScoreReport, ScoreRunOptions } from '../../src/contract/scores';
import { failing } from '../failing';

let w: World;
afterEach(() => w?.close());

const DAY = 24 * 3600 * 1000;

/** A CRM export: `width` columns of headers, Website among them, one row per site. */
function crmExport(sheet: Sheet, sites: string[], width: number): void {
  sheet.setName('Prospects');
  const head = Array.from({ length: width }, (_, i) => (i === 1 ? 'Website' : `Field ${i + 1}`));
  sheet.probe.rows = [
    head,
    ...sites.map((s, r) => head.map((_, c) => (c === 1 ? s : `r${r}c${c}`))),
  ].map((row) => row.map((value) => ({ value })));
  sheet.setActiveSelection(`B1:B${sites.length + 1}`);
}

type Report = ScoreReport;

function scoreAll(rt: World['rt'], options: ScoreRunOptions): Report[] {
  const reports: Report[] = [];
  let request: Report['request'] = null;
  for (let i = 0; i < 40; i++) {
    const r = sidebar(rt).scoreSelection({ ...options, request });
    reports.push(r);
    if (r.state !== 'partial') break;
    request = r.request;
  }
  return reports;
}

/** The first n brands the emulator's seedBrands adds: prospect-00001.com and on. */
const seeded = (n: number) =>
  Array.from({ length: n }, (_, i) => `prospect-${String(i + 1).padStart(5, '0')}.com`);

const historyRows = () =>
  w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score history')!.probe.filledRows() - 1;

it('scores a list whose headers fill all 26 columns: the score columns are made first, once', async () => {
  w = await startWorld();
  await w.emu.seedBrands(5);
  const sheet = w.rt.spreadsheet.activeSheet;
  crmExport(sheet, [...seeded(2), 'not a website'], 26);
  expect(sheet.getMaxColumns()).toBe(26);
  const r = scoreAll(w.rt, { refresh: 'missing' }).at(-1)!;
  expect(r.state).toBe('done');
  expect(w.rt.counts['Sheet.insertColumnsAfter']).toBe(1);
  expect(sheet.maxColumns).toBe(26 + Object.keys(SCORE_HEADERS).length);
  const rows = records(sheet);
  expect(rows.map((x) => typeof x['Public score'])).toEqual(['number', 'number', 'string']);
  expect(rows[2]!['Score message']).toMatch(/^error: /);
  // The user's 26 columns are as they were.
  expect(rows.map((x) => x['Field 26'])).toEqual(['r0c25', 'r1c25', 'r2c25']);
});

it('generates previews on a list of 24 columns', async () => {
  w = await startWorld();
  const sheet = w.rt.spreadsheet.activeSheet;
  crmExport(sheet, ['grid-a.com', 'grid-b.com'], 24);
  const r = sidebar(w.rt).startPreviewsForSelection();
  expect(r.state).toBe('done');
  const rows = records(sheet);
  expect(rows.map((x) => x['Preview status'])).toEqual(['pending', 'pending']);
  expect(failing(rows, (x) => String(x['Report URL']).startsWith('http'))).toEqual([]);
  expect(sheet.maxColumns).toBeGreaterThan(24);
});

it('keeps a daily history of 300 moving brands past row 1,000, growing the sheet once per write', async () => {
  w = await startWorld();
  await w.emu.seedBrands(300);
  const sites = seeded(300);
  const sheet = w.rt.spreadsheet.activeSheet;
  crmExport(sheet, sites, 3);
  for (let day = 1; day <= 5; day++) {
    const moved = await w.emu.moveBrands(
      sites.map((s, i) => ({
        brand: s,
        overallScore: (i * 7 + day * 13) % 101,
        lastScanDate: new Date(Date.UTC(2026, 10, day, 9)).toISOString(),
      })),
    );
    expect(moved).toBe(300);
    w.rt.resetCounts();
    const reports = scoreAll(w.rt, { refresh: 'all' });
    expect(reports.at(-1)!.state).toBe('done');
    expect(reports.reduce((n, r) => n + r.historyAdded, 0)).toBe(300);
    expect(historyRows()).toBe(300 * day);
    expect(w.rt.counts['Sheet.insertRowsAfter'] ?? 0).toBeLessThanOrEqual(reports.length);
    w.rt.advance(DAY);
    await w.emu.advance(DAY);
  }
  const history = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score history')!;
  expect(history.maxRows).toBeGreaterThanOrEqual(1501);
});

it('scores 4,000 sites in one Score, each execution inside the time limit, every site once', async () => {
  w = await startWorld();
  await w.emu.seedBrands(4000);
  const sites = seeded(4000);
  const sheet = w.rt.spreadsheet.activeSheet;
  crmExport(sheet, sites, 3);
  const reports = scoreAll(w.rt, { refresh: 'missing' });
  expect(reports.at(-1)!.state).toBe('done');
  expect((await w.emu.stats()).requests['GET /api/visibility/score']).toBe(4000);
  expect(historyRows()).toBe(4000);
  const rows = records(sheet);
  const unscored = rows.filter((r) => typeof r['Public score'] !== 'number').map((r) => r.Website);
  expect(unscored).toEqual([]);
}, 120000);

it('keeps the history under 10 million cells when other sheets fill the workbook, oldest first, and says so', async () => {
  w = await startWorld();
  await w.emu.seedBrands(10);
  const sites = seeded(10);
  const sheet = w.rt.spreadsheet.activeSheet;
  crmExport(sheet, sites, 3);
  expect(scoreAll(w.rt, { refresh: 'missing' }).at(-1)!.state).toBe('done');
  expect(historyRows()).toBe(10);
  // An archive sheet leaves the history room for about 13 rows under the add-on's reserve.
  const archive = w.rt.spreadsheet.addSheet('Archive');
  const history = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score history')!;
  const others = w.rt.spreadsheet.cellCount() - history.maxRows * history.maxColumns;
  archive.insertRowsAfter(1000, Math.floor((9_900_000 - 14 * 26 - others) / 26));

  await w.emu.moveBrands(
    sites.map((s, i) => ({
      brand: s,
      overallScore: 50 + i,
      lastScanDate: '2026-11-20T09:00:00.000Z',
    })),
  );
  const r = scoreAll(w.rt, { refresh: 'all' }).at(-1)!;
  expect(r.state).toBe('done');
  expect(r.historyTrimmed).toBeGreaterThan(0);
  expect(r.message).toMatch(
    /history rows were removed: this spreadsheet is near Google's limit of 10 million cells/,
  );
  expect(historyRows()).toBe(20 - r.historyTrimmed);
  // The newest readings stay: every brand's move is in the history.
  const scores = history.probe.rows.slice(1).map((row) => row[4]?.value);
  for (let i = 0; i < 10; i++) expect(scores).toContain(50 + i);
  expect(w.rt.spreadsheet.cellCount()).toBeLessThanOrEqual(10_000_000);
});
