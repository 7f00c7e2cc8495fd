// Freeze and Restore through a sheet's cells port, in memory: each result read and written once.
import { freezeOrRestore } from '../../src/addon/freeze';
import { FakeCells } from './fakes';

/** Sites in A2:A4 and =VIS_SCORE(A2:A4) in B2, its result spilled down to B4. */
function sheet(): FakeCells {
  const cells = new FakeCells();
  ['nike.com', 'slack.com', 'zoom.us'].forEach((site, i) => cells.set(i + 2, 1, site));
  cells.set(2, 2, 88, '=VIS_SCORE(A2:A4)');
  cells.set(3, 2, 47);
  cells.set(4, 2, 66);
  return cells;
}

it('freezes the whole result of a formula that reaches the selection, keeping it in a note', () => {
  const cells = sheet();
  const tally = freezeOrRestore('freeze', cells, { row: 4, col: 2, rows: 1, cols: 1 });
  expect(tally).toEqual({ changed: 1, skipped: 0, blocked: [] });
  expect(cells.values({ row: 2, col: 2, rows: 3, cols: 1 }).flat()).toEqual([88, 47, 66]);
  expect(cells.formulas({ row: 2, col: 2, rows: 3, cols: 1 }).flat()).toEqual(['', '', '']);
  expect(cells.notes({ row: 2, col: 2, rows: 1, cols: 1 })[0]![0]).toContain('=VIS_SCORE(A2:A4)');
  expect(cells.writes).toBe(1);
});

it('restores the formula, unless a frozen cell was typed over since', () => {
  const cells = sheet();
  freezeOrRestore('freeze', cells, { row: 2, col: 2, rows: 1, cols: 1 });
  const typed = sheet();
  freezeOrRestore('freeze', typed, { row: 2, col: 2, rows: 1, cols: 1 });
  typed.set(3, 2, 'my own note');
  expect(freezeOrRestore('restore', typed, { row: 2, col: 2, rows: 3, cols: 1 }).blocked).toEqual([
    { at: 'B2', changed: ['B3'] },
  ]);
  expect(freezeOrRestore('restore', cells, { row: 2, col: 2, rows: 3, cols: 1 }).changed).toBe(1);
  expect(cells.formulas({ row: 2, col: 2, rows: 1, cols: 1 })[0]![0]).toBe('=VIS_SCORE(A2:A4)');
  expect(cells.notes({ row: 2, col: 2, rows: 1, cols: 1 })[0]![0]).toBe('');
});

it('a whole column selected is scanned only as far as the sheet holds something', () => {
  const cells = sheet();
  const asked: number[] = [];
  const formulas = cells.formulas.bind(cells);
  cells.formulas = (e) => (asked.push(e.rows), formulas(e));
  freezeOrRestore('freeze', cells, { row: 1, col: 2, rows: 1000, cols: 1 });
  expect(asked[0]).toBe(4);
});
