// Property reads and writes have a daily quota (Q5: 50,000 on a consumer account) and every
// entry point needs settings: each reads them once, custom functions write none, and an agency's
// heavy day stays far below the quota.
import { diagnosticsFromHelp } from '../menuApi';
import { heavyDay } from '../../dev/heavyDay';
import { startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import { leaveFigures } from '../figures';

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

it('a sidebar poll makes at most two property reads and writes, whatever it finds', async () => {
  w = await startWorld();
  load(SITES);
  sidebar(w.rt).startPreviewsForSelection();
  const polls: number[] = [];
  // Fifteen minutes of polls while the service keeps the previews pending (its clock stands
  // still) span a fold of the meters; then the service finishes them.
  for (let i = 0; i < 90; i++) {
    w.rt.advance(10000);
    polls.push(spent(() => sidebar(w.rt).pollPendingPreviews()).total);
  }
  await w.emu.advance(120000);
  for (let i = 0; i < 3; i++) {
    w.rt.advance(10000);
    polls.push(spent(() => sidebar(w.rt).pollPendingPreviews()).total);
  }
  expect(sidebar(w.rt).pollPendingPreviews().pending).toBe(0);
  expect(Math.max(...polls)).toBeLessThanOrEqual(2);
  // What the polls left (the counts in the cache, the document on the background list) the next
  // firing settles: the meters agree with the runtime, and the trigger removes itself.
  expect(w.rt.triggers.list).toHaveLength(1);
  await w.elapse(3600 * 1000);
  expect(w.rt.triggers.list).toHaveLength(0);
  expect(sidebar(w.rt).getUsage().properties.today).toBe(w.rt.propertiesUsedToday());
});

it('a scan monitor poll makes at most two property reads and writes, the one that finds it done too', async () => {
  w = await startWorld();
  sidebar(w.rt).openScanMonitor();
  const monitor = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Scan monitor')!;
  monitor.probe.place(2, 1, { value: 1005 }); // a scan running in the emulator
  const polls: number[] = [];
  expect(sidebar(w.rt).pollScanMonitor().running).toBe(1);
  for (let i = 0; i < 40; i++) {
    w.rt.advance(60000);
    if (i === 20) await w.emu.advance(3600 * 1000);
    polls.push(spent(() => sidebar(w.rt).pollScanMonitor()).total);
  }
  expect(sidebar(w.rt).pollScanMonitor().running).toBe(0);
  expect(Math.max(...polls)).toBeLessThanOrEqual(2);
});

it('projects an agency’s heavy day at no more than 25,000 property reads and writes', async () => {
  w = await startWorld();
  const day = await heavyDay(w.rt, w.elapse);
  expect(day.perFormula).toBe(1);
  expect(day.perPollMax).toBeLessThanOrEqual(2);
  expect(day.day).toBeLessThanOrEqual(25000);
  leaveFigures('A heavy day of property reads and writes (projected)', { ...day });
});

describe('today’s meters', () => {
  it('count the property reads and writes Google counts, and show them in Help', async () => {
    w = await startWorld();
    load(SITES);
    w.rt.customFunction(
      'VIS_SCORE',
      SITES.map((s) => [s]),
    );
    sidebar(w.rt).startPreviewsForSelection();
    await w.elapse(30000);
    sidebar(w.rt).pollPendingPreviews();
    sidebar(w.rt).saveSchedule({
      action: 'refreshScores',
      sheetName: 'Sheet1',
      every: 'day',
      hour: 9,
    });
    sidebar(w.rt).getSchedules();
    const usage = sidebar(w.rt).getUsage();
    expect(usage.properties.today).toBe(w.rt.propertiesUsedToday());
    expect(usage.properties.quota).toBe(50000);
    const help = diagnosticsFromHelp(w.rt);
    expect(help).toContain(`Property reads and writes today: ${w.rt.propertiesUsedToday()}`);
    expect(help).toMatch(/Background run time today: \d+ of 90 minutes/);
  });

  it('never lose a count when two executions update them at once', async () => {
    w = await startWorld();
    const before = sidebar(w.rt).getUsage().today;
    // The first formula pauses as it records its fetches; the second runs whole meanwhile.
    w.rt.run('VIS_SCORE', [SITES.slice(0, 3).map((s) => [s])], {
      mode: 'custom-function',
      interleave: {
        at: { call: 'Cache.put', nth: 1 },
        run: () =>
          w.rt.customFunction(
            'VIS_SCORE',
            SITES.slice(3, 5).map((s) => [s]),
          ),
      },
    });
    expect(w.rt.fetchStats.requests).toBeGreaterThanOrEqual(5);
    expect(sidebar(w.rt).getUsage().today - before).toBe(5);
    leaveFigures('Two formulas at once, one paused inside the meter', {
      'fetches made': w.rt.fetchStats.requests,
      'fetches counted': sidebar(w.rt).getUsage().today - before,
    });
  });

  it('keep the day’s trigger time when every cache entry is evicted', async () => {
    w = await startWorld({ fetchRoundTripMs: 60000 });
    // At 01:00 UTC, whatever the machine's clock says: the hour that follows stays in one quota day.
    const now = w.rt.clock.now();
    const oneAm = new Date(now).setUTCHours(1, 0, 0, 0);
    await w.elapse((oneAm >= now ? oneAm : oneAm + 24 * 3600 * 1000) - now);
    load(SITES);
    sidebar(w.rt).startPreviewsForSelection();
    await w.elapse(3600 * 1000);
    const minutes = sidebar(w.rt).getUsage().triggerMinutes.today;
    expect(minutes).toBeGreaterThan(0);
    w.rt.evictCachesAtRandom(1);
    expect(sidebar(w.rt).getUsage().triggerMinutes.today).toBe(minutes);
  });
});
