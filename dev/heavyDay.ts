/**
 * An agency's heavy day of property reads and writes (Q5: 50,000 a day on a consumer account),
 * projected from what the built add-on spends in the local runtime: 2,000 per-row formulas each
 * recalculated 5 times, 8 hours of an open sidebar polling every 10 s (half an hour measured, the
 * meter's folds included, scaled), a Generate and a Score. Shared by the properties test and
 * `npm run bench`.
 */
import type { GasRuntime } from './gas-runtime/runtime';

export interface HeavyDay {
  perFormula: number;
  /** The most one poll spent. */
  perPollMax: number;
  pollHalfHour: number;
  generate: number;
  score: number;
  day: number;
}

const SITES = Array.from({ length: 20 }, (_, i) => `heavy-${i}.com`);

export async function heavyDay(
  rt: GasRuntime,
  elapse: (ms: number) => Promise<void>,
): Promise<HeavyDay> {
  const spent = (run: () => unknown): number => {
    const before = rt.propertiesUsedToday();
    run();
    return rt.propertiesUsedToday() - before;
  };
  const sheet = rt.spreadsheet.activeSheet;
  sheet.probe.rows = [['Website'], ...SITES.map((s) => [s])].map((r) =>
    r.map((value) => ({ value })),
  );
  sheet.setActiveSelection(`A1:A${SITES.length + 1}`);
  const perFormula = Math.max(...SITES.map((s) => spent(() => rt.customFunction('VIS_SCORE', s))));
  const generate = spent(() => rt.runFromSidebar('startPreviewsForSelection', []));
  const polls: number[] = [];
  for (let i = 0; i < 180; i++) {
    await elapse(10000);
    polls.push(spent(() => rt.runFromSidebar('pollPendingPreviews', [])));
  }
  const pollHalfHour = polls.reduce((a, b) => a + b, 0);
  const score = spent(() => rt.runFromSidebar('scoreSelection', [{ refresh: 'all' }]));
  return {
    perFormula,
    perPollMax: Math.max(...polls),
    pollHalfHour,
    generate,
    score,
    day: 2000 * 5 * perFormula + 16 * pollHalfHour + generate + score,
  };
}
