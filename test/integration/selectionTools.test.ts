// Tools over the selection: freeze VIS_* formulas into values and restore them; the comparison chart.
import { freezeFromMenu } from '../menuApi';
import { INDEX } from '../../dev/emulator/brandIndex';
import { startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';

let w: World;
afterEach(() => w?.close());

const sites = INDEX.filter((b) => !b.domain.endsWith('.example')).slice(0, 3);

it('freezes VIS_ formulas into values, leaves other cells as they were, and restores them', async () => {
  w = await startWorld();
  const sheet = w.rt.spreadsheet.activeSheet;
  sheet.probe.rows = [
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
  const before = sheet.probe.rows.map((r) => r.map((c) => c.value));
  expect(before[1]![1]).toBe(sites[0]!.overallScore);
  sheet.setActiveSelection('B2:D4');

  const frozen = freezeFromMenu(w.rt, 'freeze');
  expect(frozen).toMatchObject({ state: 'done', changed: 2 });
  expect(sheet.probe.rows.flat().some((c) => c.formula)).toBe(false);
  expect(sheet.probe.rows.map((r) => r.map((c) => c.value))).toEqual(before);
  expect(sheet.probe.rows[1]![1]!.note).toMatch(
    /^Frozen by Visibility for Sheets \(3x1\): =VIS_SCORE\(A2:A4\)\nCheck: [0-9a-f]{12}$/,
  );
  // A frozen list costs nothing when recalculated.
  w.rt.resetCounts();
  w.rt.recalculate();
  expect(w.rt.fetchStats.requests).toBe(0);

  const restored = freezeFromMenu(w.rt, 'restore');
  expect(restored).toMatchObject({ state: 'done', changed: 2 });
  expect(sheet.probe.rows[1]![1]!.formula).toBe('=VIS_SCORE(A2:A4)');
  expect(sheet.probe.rows[1]![2]!.formula).toBe('=VIS_LEVEL(A2)');
  expect(sheet.probe.rows[1]![1]!.note ?? '').toBe('');
  expect([sheet.probe.rows[1]![3]!.value, sheet.probe.rows[1]![3]!.formula]).toEqual([
    '=text, not a formula',
    undefined,
  ]);
  w.rt.recalculate();
  expect(sheet.probe.rows.map((r) => r.map((c) => c.value))).toEqual(before);
});

/** A list of websites in A2:A(n+1), a formula in B2 and nothing else: the cells as a user sees them. */
function listWithFormula(formula: string, n: number) {
  const sheet = w.rt.spreadsheet.activeSheet;
  const domains = Array.from({ length: n }, (_, i) => INDEX[i % INDEX.length]!.domain);
  sheet.probe.rows = [
    [{ value: 'Website' }, { value: 'Result' }],
    ...domains.map((d) => [{ value: d }]),
  ];
  sheet.probe.place(2, 2, { value: '', formula });
  w.rt.recalculate();
  return sheet;
}

const shown = (
  sheet: { cell(r: number, c: number): { value: unknown } },
  rows: number,
  cols: number,
) =>
  Array.from({ length: rows }, (_, r) =>
    Array.from({ length: cols }, (_, c) => sheet.cell(2 + r, 2 + c).value),
  );

describe.each([
  ['=VIS_SCORE(A2:A21)', 20, 1],
  ['=VIS_BRAND(A2:A21, "url", TRUE)', 21, 10],
])('%s, with only B2 selected', (formula, rows, cols) => {
  it('freezes the whole result and restores it without #REF!', async () => {
    w = await startWorld();
    const sheet = listWithFormula(formula, 20);
    const before = shown(sheet, rows, cols);
    expect(before.flat().filter((v) => v !== '').length).toBeGreaterThanOrEqual(rows);
    sheet.setActiveSelection('B2');

    const frozen = freezeFromMenu(w.rt, 'freeze');
    expect(frozen).toMatchObject({ state: 'done', changed: 1 });
    expect(shown(sheet, rows, cols)).toEqual(before);
    expect(sheet.cell(2, 2).formula).toBeUndefined();
    // Recalculating costs nothing, and the values stay: they are values now, not a spill.
    w.rt.resetCounts();
    w.rt.recalculate();
    expect(w.rt.fetchStats.requests).toBe(0);
    expect(shown(sheet, rows, cols)).toEqual(before);

    sheet.setActiveSelection('B2');
    const restored = freezeFromMenu(w.rt, 'restore');
    expect(restored).toMatchObject({ state: 'done' });
    w.rt.recalculate();
    expect(w.rt.formulaError(sheet, 2, 2)).toBeUndefined();
    expect(sheet.cell(2, 2).formula).toBe(formula);
    expect(shown(sheet, rows, cols)).toEqual(before);
  });
});

it('acts on a whole result from any of its cells, and never clears what was typed since', async () => {
  w = await startWorld();
  const sheet = listWithFormula('=VIS_SCORE(A2:A21)', 20);
  const before = shown(sheet, 20, 1);
  sheet.setActiveSelection('B15');
  expect(freezeFromMenu(w.rt, 'freeze')).toMatchObject({ state: 'done', changed: 1 });
  expect(sheet.cell(2, 2).note).toMatch(/^Frozen by Visibility for Sheets \(20x1\)/);
  sheet.typeIn(9, 2, 'called, not interested');

  sheet.setActiveSelection('B20');
  const blocked = freezeFromMenu(w.rt, 'restore');
  expect(blocked.state).toBe('nothing');
  expect(blocked.message).toMatch(/^B2 stays frozen: B9 changed since the freeze/);
  expect(sheet.cell(9, 2).value).toBe('called, not interested');
  expect(sheet.cell(2, 2).formula).toBeUndefined();

  sheet.typeIn(9, 2, String(before[7]![0]));
  expect(freezeFromMenu(w.rt, 'restore')).toMatchObject({ state: 'done', changed: 1 });
  w.rt.recalculate();
  expect(shown(sheet, 20, 1)).toEqual(before);
});

it('the runtime shows what Google shows when a result is replaced alone or blocked', async () => {
  w = await startWorld();
  const sheet = listWithFormula('=VIS_SCORE(A2:A21)', 20);
  expect(sheet.cell(21, 2).value).not.toBe('');
  sheet.typeIn(2, 2, '71');
  expect(sheet.cell(21, 2).value).toBe('');
  sheet.typeIn(5, 2, 'in the way');
  sheet.typeIn(2, 2, '=VIS_SCORE(A2:A21)');
  w.rt.recalculate();
  expect(sheet.cell(2, 2).value).toBe('#REF!');
  expect(w.rt.formulaError(sheet, 2, 2)).toBe(
    'Array result was not expanded because it would overwrite data in B5.',
  );
});

it('draws a comparison chart from a website selected above its competitors, on a sheet of values', async () => {
  w = await startWorld();
  const sheet = w.rt.spreadsheet.activeSheet;
  const [me, a, b] = sites;
  sheet.probe.rows = [
    ['Website'],
    [me!.domain],
    [a!.domain],
    ['unknown-rival.com'],
    [b!.domain],
  ].map((r) => r.map((value) => ({ value })));
  sheet.setActiveSelection('A2:A5');
  const r = sidebar(w.rt).insertCompareChart();
  expect(r.state).toBe('done');
  expect(r.message).toMatch(/against 2 competitors.*unknown-rival\.com/);
  const comparison = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Comparison')!;
  const values = comparison.probe.rows.map((row) => row.map((c) => c.value));
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
  expect(comparison.probe.rows.flat().some((c) => c.formula)).toBe(false);
  expect(comparison.charts).toHaveLength(1);
  expect(comparison.charts[0]).toMatchObject({ type: 'BAR', ranges: ['Comparison!A1:G4'] });
  // Drawing again replaces the chart rather than stacking a second one.
  sheet.activate();
  sheet.setActiveSelection('A2:A5');
  sidebar(w.rt).insertCompareChart();
  expect(comparison.charts).toHaveLength(1);
  // A Comparison sheet someone protected: which protection keeps it, in words; its numbers stay.
  w.rt.spreadsheet.owner = 'cam@agency.example';
  comparison.probe.protect('A1:G10', ['ben@agency.example'], 'Board view: ask Ben');
  sheet.activate();
  sheet.setActiveSelection('A2:A5');
  let message = '';
  try {
    sidebar(w.rt).insertCompareChart();
  } catch (error) {
    message = (error as Error).message;
  }
  expect(message).toMatch(
    /^"Comparison" could not be written afresh: A1:G10 of "Comparison" is protected \("Board view: ask Ben"\)/,
  );
  expect(comparison.probe.rows[1]![1]!.value).toBe(me!.overallScore);
});

it('after the chart, the way back leads to the list with its selection; a list gone is said', async () => {
  w = await startWorld();
  const sheet = w.rt.spreadsheet.activeSheet;
  sheet.setName('Prospects');
  sheet.probe.rows = [['Website'], ...sites.slice(0, 3).map((b) => [b.domain])].map((r) =>
    r.map((value) => ({ value })),
  );
  sheet.setActiveSelection('A2:A4');
  const r = sidebar(w.rt).insertCompareChart();
  expect(r.backTo).toEqual({ sheetName: 'Prospects', a1: 'A2:A4' });
  // The chart's sheet is the active one now: list actions there are refused.
  expect(w.rt.spreadsheet.activeSheet.getName()).toBe('Comparison');
  expect(sidebar(w.rt).returnToList(r.backTo!)).toBe(true);
  expect(w.rt.spreadsheet.activeSheet.getName()).toBe('Prospects');
  expect(sidebar(w.rt).getSelectionSummary()).toMatchObject({
    sheetName: 'Prospects',
    a1: 'A2:A4',
  });
  // Rows deleted since: the block is cut to what the sheet holds, never past the grid.
  sheet.deleteRows(3, 2);
  expect(sidebar(w.rt).returnToList(r.backTo!)).toBe(true);
  expect(sidebar(w.rt).getSelectionSummary()).toMatchObject({ a1: 'A2' });
  expect(sidebar(w.rt).returnToList({ sheetName: 'Gone', a1: 'A2:A4' })).toBe(false);
});
