// VIS_* formulas filled down one cell at a time, found and made one formula over the column.
import {
  combinedMessage,
  filledDownRuns,
  refusedCellNotes,
  refusedMessage,
  refusedNote,
} from '../../src/domain/filledDown';

const down = (n: number, f: (row: number) => string) =>
  Array.from({ length: n }, (_, i) => [f(i + 2)]);

it.each([
  ['one formula per row', down(3, (r) => `=VIS_SCORE(A${r})`), ['=VIS_SCORE(A2:A4)', 2, 3]],
  [
    'the same other arguments',
    down(2, (r) => `=vis_score(a${r}, "claude")`),
    ['=VIS_SCORE(A2:A3, "claude")', 2, 2],
  ],
  ['an absolute column', down(2, (r) => `=VIS_LEVEL($A${r})`), ['=VIS_LEVEL($A2:$A3)', 2, 2]],
  [
    'VIS_BRAND without headers',
    down(2, (r) => `=VIS_BRAND(A${r}, "url", FALSE)`),
    ['=VIS_BRAND(A2:A3, "url", FALSE)', 2, 2],
  ],
])('%s: combined', (_, formulas, [formula, row, rows]) => {
  expect(filledDownRuns(2, 2, formulas)).toEqual([
    expect.objectContaining({ formula, row, rows, col: 2 }),
  ]);
});

it.each([
  ['a single cell', [['=VIS_SCORE(A2)']]],
  ['a column formula already', down(1, () => '=VIS_SCORE(A2:A500)')],
  ['an absolute row (every cell asks the same site)', down(2, () => '=VIS_SCORE(A$2)')],
  ['rows not in step', [['=VIS_SCORE(A2)'], ['=VIS_SCORE(A4)']]],
  ['other arguments that differ by row', down(2, (r) => `=VIS_SCORE(A${r}, C${r})`)],
  ['a header row per cell', down(2, (r) => `=VIS_BRAND(A${r}, "url", TRUE)`)],
  [
    'VIS_COMPARE (its list is not its first argument)',
    down(2, (r) => `=VIS_COMPARE(A${r}, B2:B9)`),
  ],
  ['a Sheets function', down(2, (r) => `=LEN(A${r})`)],
])('%s: left as it is', (_, formulas) => {
  expect(filledDownRuns(2, 2, formulas)).toEqual([]);
});

it('finds runs in several columns and breaks a column where its formula changes', () => {
  const formulas = [
    ['=VIS_SCORE(A2)', '=VIS_LEVEL(A2)'],
    ['=VIS_SCORE(A3)', '=VIS_LEVEL(A3)'],
    ['', '=VIS_SCORE(A4)'],
    ['=VIS_SCORE(A5)', '=VIS_SCORE(A5)'],
    ['=VIS_SCORE(A6)', ''],
  ];
  const runs = filledDownRuns(2, 2, formulas);
  expect(runs.map((r) => [r.formula, r.row, r.col])).toEqual([
    ['=VIS_SCORE(A2:A3)', 2, 2],
    ['=VIS_SCORE(A5:A6)', 5, 2],
    ['=VIS_LEVEL(A2:A3)', 2, 3],
    ['=VIS_SCORE(A4:A5)', 4, 3],
  ]);
  expect(combinedMessage(runs)).toBe(
    '8 formulas filled down are now 4: B2:B3 is now =VIS_SCORE(A2:A3); B5:B6 is now =VIS_SCORE(A5:A6); C2:C3 is now =VIS_LEVEL(A2:A3); C4:C5 is now =VIS_SCORE(A4:A5).',
  );
});

describe('refused cells of formulas filled down get a note saying why, once', () => {
  // Rows 2-5 of column B, read from B2: rows 4 and 5 were refused; row 5 already has its note.
  const [run] = filledDownRuns(
    2,
    2,
    down(4, (r) => `=VIS_SCORE(A${r})`),
  );
  const values = [[40], [55], ['#ERROR!'], ['#ERROR!']];
  it.each([
    ['no note yet on row 5', [[''], [''], [''], ['']], [4, 5]],
    ['row 5 noted already', [[''], [''], [''], [refusedNote(run!)]], [4]],
    ['a person’s own note on row 4 stays', [[''], [''], ['mine'], ['']], [5]],
    [
      'a note of an earlier run’s size is brought up to date',
      [[''], [''], [''], ['One of 9 VIS_SCORE formulas filled down (B2:B10)']],
      [4, 5],
    ],
  ])('%s', (_, notes, rows) => {
    expect(refusedCellNotes([run!], 2, 2, values, notes).map((n) => n.row)).toEqual(rows);
  });
  it('the sidebar says how many and the way out; nothing when none was refused', () => {
    expect(refusedMessage([run!], 2)).toMatch(
      /^4 formulas filled down, 2 showing #ERROR!: .* Extensions > Visibility for Sheets > Combine formulas filled down /,
    );
    expect(refusedMessage([run!], 0)).toBeNull();
    expect(refusedMessage([], 3)).toBeNull();
  });
});
