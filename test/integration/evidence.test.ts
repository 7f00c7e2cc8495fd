// VIS_EVIDENCE from the built bundle: what each score rests on, as values a formula can filter
// on, read from the service's answer and the site's own readings in Score history.
import { INDEX } from '../../dev/emulator/brandIndex';
import { EVIDENCE_HEADERS } from '../../src/domain/evidence';
import { sidebar } from '../sidebarApi';
import { column, startWorld, type World } from './harness';

let w: World;
afterEach(() => w?.close());

const DAY = 24 * 3600 * 1000;
// A brand the index scores on every engine but Gemini (not queried: never read as 0).
const brand = INDEX.find(
  (b) => b.platformScores.gemini === null && !b.domain.endsWith('.example'),
)!;

/** Scores the list once; a reading is added only for a scan the history does not have yet. */
function score(): void {
  const sheet = w.rt.spreadsheet.activeSheet;
  sheet.probe.rows = [['Website'], [brand.domain]].map((r) => r.map((value) => ({ value })));
  sheet.setActiveSelection('A1:A2');
  sidebar(w.rt).scoreSelection({ refresh: 'all' });
}

it('gives scan date and age, stale or not, engines answered and not queried, readings and usual swing', async () => {
  w = await startWorld();
  // Five scans a day apart, moving by 2, 4, 2, 6: the usual swing is the median move, 3.
  const scores = [50, 52, 56, 54, 60];
  for (const [i, overallScore] of scores.entries()) {
    const scanned = new Date(w.rt.clock.now() - DAY).toISOString();
    await w.emu.moveBrands([{ brand: brand.domain, overallScore, lastScanDate: scanned }]);
    score();
    if (i < scores.length - 1) await w.elapse(DAY);
  }
  const out = w.rt.customFunction(
    'VIS_EVIDENCE',
    column([brand.domain, 'javascript:alert(1)', 'nobody-knows-this.com', '']),
    3,
    true,
  ) as unknown[][];
  expect(out[0]).toEqual(EVIDENCE_HEADERS);
  const row = Object.fromEntries(EVIDENCE_HEADERS.map((h, i) => [h, out[1]![i]]));
  expect(row).toMatchObject({
    Score: 60,
    'Days since scan': 1,
    Stale: false,
    'Engines answered': 3,
    'Not queried': 'Gemini',
    Readings: 5,
    'Usual swing': 3,
    // Each engine's own, from the readings that measured it; none for an engine never queried.
    'ChatGPT swing': 3,
    'Gemini swing': '',
  });
  expect(row['Scan date']).toBeInstanceOf(Date);
  expect(out[2]![0]).toMatch(/^error: not a website/);
  expect(out[3]![0]).toBe('not in index');
  expect(out[4]).toEqual(EVIDENCE_HEADERS.map(() => ''));
  // Past its stale days the same reading is marked stale; before three moves, no usual swing.
  await w.elapse(3 * DAY);
  const later = w.rt.customFunction('VIS_EVIDENCE', brand.domain, 3, false, 'again') as unknown[][];
  expect(later[0]![EVIDENCE_HEADERS.indexOf('Stale')]).toBe(true);
  expect(later[0]![EVIDENCE_HEADERS.indexOf('Days since scan')]).toBe(4);
});

it('leaves the usual swing blank until the site has four readings', async () => {
  w = await startWorld();
  score();
  const out = w.rt.customFunction('VIS_EVIDENCE', column([brand.domain])) as unknown[][];
  expect(out[0]![EVIDENCE_HEADERS.indexOf('Readings')]).toBe(1);
  expect(out[0]![EVIDENCE_HEADERS.indexOf('Usual swing')]).toBe('');
  expect(out[0]![EVIDENCE_HEADERS.indexOf('Score')]).toBe(brand.overallScore);
});

it('weighs each mover of a Score run against the brand’s usual swing before it', async () => {
  w = await startWorld();
  const report = (overallScore: number, daysAgo: number) => async () => {
    const lastScanDate = new Date(w.rt.clock.now() - daysAgo * DAY).toISOString();
    await w.emu.moveBrands([{ brand: brand.domain, overallScore, lastScanDate }]);
    const sheet = w.rt.spreadsheet.activeSheet;
    if (sheet.probe.rows.length < 2)
      sheet.probe.rows = [['Website'], [brand.domain]].map((r) => r.map((value) => ({ value })));
    sheet.setActiveSelection('A1:A2');
    return sidebar(w.rt).scoreSelection({ refresh: 'all' });
  };
  await report(50, 0.5)();
  // Moves of 2, 4 and 2 before: usually 2.
  for (const s of [52, 56, 54]) {
    await w.elapse(DAY);
    await report(s, 0.5)();
  }
  await w.elapse(DAY);
  const within = await report(57, 0.5)();
  expect(within.movers[0]).toMatchObject({ change: 3, swing: { usual: '2', unusual: false } });
  // The row says it too, with the scan and the engines it rests on.
  expect(evidenceCell()).toMatch(
    /^Scan \d{4}-\d\d-\d\d, less than a day old; 3 of 4 engines answered, Gemini not queried; \+3 within its usual swing of 2 \(4 readings\)$/,
  );
  await w.elapse(DAY);
  const unusual = await report(47, 0.5)();
  expect(unusual.movers[0]).toMatchObject({ change: -10, swing: { unusual: true } });
  expect(evidenceCell()).toMatch(
    /; -10 unusual: it usually moves by 2\.5 \(5 readings\); unusual on ChatGPT -10, Claude -10, AI Overviews -10$/,
  );
  // An old scan is said as its age: "stale" is no word for it (the list's policy is when a row
  // is checked again, another thing).
  await w.elapse(DAY);
  await report(47, 30)();
  expect(evidenceCell()).toMatch(/^Scan \d{4}-\d\d-\d\d, 30 days old;/);
  expect(evidenceCell()).not.toMatch(/stale/i);
});

/** The list's Evidence cell of its one row. */
function evidenceCell(): string {
  const rows = w.rt.spreadsheet.activeSheet.probe.rows;
  return String(rows[1]![rows[0]!.findIndex((c) => c.value === 'Evidence')]!.value);
}
