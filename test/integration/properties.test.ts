// Property reads and writes have a daily quota (Q5: 50,000 on a consumer account) and every
// entry point needs settings: each reads them once, custom functions write none, and an agency's
// heavy day stays far below the quota.
import { startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';

let w: World;
afterEach(async () => {
  await w?.close();
});

const WRITES = ['setProperty', 'setProperties', 'deleteProperty', 'deleteAllProperties'];

/** Property reads and writes one call makes, and how many of them were writes. */
function spent(run: () => unknown): { total: number; writes: number } {
  const before = w.rt.propertiesUsedToday();
  const counts = { ...w.rt.counts };
  run();
  const writes = WRITES.map(
    (m) => (w.rt.counts[`Properties.${m}`] ?? 0) - (counts[`Properties.${m}`] ?? 0),
  ).reduce((a, b) => a + b, 0);
  return { total: w.rt.propertiesUsedToday() - before, writes };
}

function load(sites: string[]): void {
  const sheet = w.rt.spreadsheet.activeSheet;
  sheet.probe.rows = [['Website'], ...sites.map((s) => [s])].map((r) =>
    r.map((value) => ({ value })),
  );
  sheet.setActiveSelection(`A1:A${sites.length + 1}`);
}

const SITES = Array.from({ length: 20 }, (_, i) => `heavy-${i}.com`);

it.each([
  ['VIS_SCORE', ['nike.com']],
  ['VIS_SCORE', [SITES.map((s) => [s])]],
  ['VIS_BRAND', ['nike.com']],
  ['VIS_SCAN', [1]],
  ['VIS_PREVIEW', ['0b6f2c1e-0000-4000-8000-000000000000']],
])('%s: one property read per execution, and no write', async (fn, args) => {
  w = await startWorld();
  expect(spent(() => w.rt.customFunction(fn, ...args))).toEqual({ total: 1, writes: 0 });
  // Cached or not, the same.
  expect(spent(() => w.rt.customFunction(fn, ...args))).toEqual({ total: 1, writes: 0 });
});

it('a sidebar poll makes at most two property reads and writes (three when its document leaves the background list)', async () => {
  w = await startWorld();
  load(SITES);
  sidebar(w.rt).startPreviewsForSelection();
  const polls: number[] = [];
  for (let i = 0; i < 12; i++) {
    await w.elapse(10000);
    polls.push(spent(() => sidebar(w.rt).pollPendingPreviews()).total);
  }
  expect(sidebar(w.rt).pollPendingPreviews().pending).toBe(0);
  // The one poll that takes the document off the background list reads the list again under the
  // user's lock and writes it: three. Every other poll: at most two.
  expect(polls.filter((n) => n > 2)).toEqual([3]);
});

it('projects an agency’s heavy day at no more than 25,000 property reads and writes', async () => {
  w = await startWorld();
  load(SITES);
  // 2,000 per-row formulas, each recalculated 5 times: one execution each.
  const formula = SITES.map((s) => spent(() => w.rt.customFunction('VIS_SCORE', s)).total);
  const perFormula = Math.max(...formula);
  // A Generate and 8 hours of an open sidebar polling every 10 s.
  const generate = spent(() => sidebar(w.rt).startPreviewsForSelection()).total;
  const polls: number[] = [];
  for (let i = 0; i < 12; i++) {
    await w.elapse(10000);
    polls.push(spent(() => sidebar(w.rt).pollPendingPreviews()).total);
  }
  const perPoll = Math.max(...polls);
  const score = spent(() => sidebar(w.rt).scoreSelection({ refresh: 'all' })).total;
  const day = 2000 * 5 * perFormula + 8 * 360 * perPoll + generate + score;
  expect({ perFormula, perPoll }).toEqual({ perFormula: 1, perPoll: expect.any(Number) });
  expect(day).toBeLessThanOrEqual(25000);
});
