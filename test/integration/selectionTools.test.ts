// Tools over the selection: freeze VIS_* formulas into values and restore them; the comparison chart.
import { INDEX } from '../../dev/emulator/brandIndex';
import { startWorld, type World } from './harness';

let w: World;
afterEach(() => w?.close());

const sites = INDEX.filter((b) => !b.domain.endsWith('.example')).slice(0, 3);

it('freezes VIS_ formulas into values, leaves other cells as they were, and restores them', async () => {
  w = await startWorld();
  const sheet = w.rt.spreadsheet.activeSheet;
  sheet.cells = [
    [{ value: 'Website' }, { value: 'Score' }, { value: 'Level' }, { value: 'Note' }],
    [
      { value: sites[0]!.domain },
      { value: '', formula: '=VIS_SCORE(A2:A4)' },
      { value: '', formula: '=VIS_LEVEL(A2)' },
      { value: '=text, not a formula' },
    ],
    [{ value: sites[1]!.domain }, { value: '' }, { value: '' }, { value: 'plain' }],
    [{ value: sites[2]!.domain }, { value: '' }, { value: '' }, { value: 7 }],
  ];
  w.rt.recalculate();
  const before = sheet.cells.map((r) => r.map((c) => c.value));
  expect(before[1]![1]).toBe(sites[0]!.overallScore);
  sheet.setActiveSelection('B2:D4');

  const frozen = w.rt.runFromSidebar('freezeSelection') as { state: string; changed: number };
  expect(frozen).toMatchObject({ state: 'done', changed: 2 });
  expect(sheet.cells.flat().some((c) => c.formula)).toBe(false);
  expect(sheet.cells.map((r) => r.map((c) => c.value))).toEqual(before);
  expect(sheet.cells[1]![1]!.note).toBe('Frozen by Visibility for Sheets (3x1): =VIS_SCORE(A2:A4)');
  // A frozen list costs nothing when recalculated.
  w.rt.resetCounts();
  w.rt.recalculate();
  expect(w.rt.fetchStats.requests).toBe(0);

  const restored = w.rt.runFromSidebar('restoreSelection') as { state: string; changed: number };
  expect(restored).toMatchObject({ state: 'done', changed: 2 });
  expect(sheet.cells[1]![1]!.formula).toBe('=VIS_SCORE(A2:A4)');
  expect(sheet.cells[1]![2]!.formula).toBe('=VIS_LEVEL(A2)');
  expect(sheet.cells[1]![1]!.note ?? '').toBe('');
  expect([sheet.cells[1]![3]!.value, sheet.cells[1]![3]!.formula]).toEqual([
    '=text, not a formula',
    undefined,
  ]);
  w.rt.recalculate();
  expect(sheet.cells.map((r) => r.map((c) => c.value))).toEqual(before);
});

it('draws a comparison chart from a website selected above its competitors, on a sheet of values', async () => {
  w = await startWorld();
  const sheet = w.rt.spreadsheet.activeSheet;
  const [me, a, b] = sites;
  sheet.cells = [['Website'], [me!.domain], [a!.domain], ['unknown-rival.com'], [b!.domain]].map(
    (r) => r.map((value) => ({ value })),
  );
  sheet.setActiveSelection('A2:A5');
  const r = w.rt.runFromSidebar('insertCompareChart') as { state: string; message: string };
  expect(r.state).toBe('done');
  expect(r.message).toMatch(/against 2 competitors.*unknown-rival\.com/);
  const comparison = w.rt.spreadsheet.sheets.find((s) => s.sheetName === 'Comparison')!;
  const values = comparison.cells.map((row) => row.map((c) => c.value));
  expect(values[0]).toEqual([
    'Website',
    'Brand (yours)',
    'Competitors',
    'ChatGPT',
    'Claude',
    'Gemini',
    'AI Overviews',
  ]);
  expect(values[1]!.slice(0, 3)).toEqual([`${me!.brandName} (brand)`, me!.overallScore, '']);
  expect(values[2]!.slice(0, 3)).toEqual([a!.brandName, '', a!.overallScore]);
  expect(comparison.cells.flat().some((c) => c.formula)).toBe(false);
  expect(comparison.charts).toHaveLength(1);
  expect(comparison.charts[0]).toMatchObject({ type: 'BAR', ranges: ['Comparison!A1:G4'] });
  // Drawing again replaces the chart rather than stacking a second one.
  sheet.activate();
  sheet.setActiveSelection('A2:A5');
  w.rt.runFromSidebar('insertCompareChart');
  expect(comparison.charts).toHaveLength(1);
});
