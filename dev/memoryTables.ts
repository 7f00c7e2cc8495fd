/**
 * The kit's tables in memory (src/kit/ports.ts Tables): a workbook of grids, with the grid's rules
 * Google applies: a value is stored as the add-on writes it (src/domain/cells.ts cellValue) and
 * read as Sheets shows it (a leading apostrophe is a text marker, not text), the add-on's own
 * sheets are never found as lists, and headers are matched as src/domain/table.ts matches them.
 */
import { cellValue, isBlank } from '../src/domain/cells';
import { headersOf, scaledOf, type Columns } from '../src/domain/columns';
import { isOutputSheet } from '../src/domain/outputSheets';
import { HEADER_ROW, planMissingColumns, putCell, rowsIn, findColumns } from '../src/domain/table';
import { SheetGone, type Cells, type TableAt, type Tables } from '../src/kit/ports';
import type { Extent } from '../src/domain/visFunctions';

/** Sheets by name, each its rows of cells as written. */
export type Workbook = Map<string, unknown[][]>;

const shown = (v: unknown) => (typeof v === 'string' && v.startsWith("'") ? v.slice(1) : v);

/** The last row with content (Sheet.getLastRow), 0 for an empty sheet. */
const lastRow = (grid: unknown[][]) => {
  for (let r = grid.length; r > 0; r--) if (grid[r - 1]!.some((v) => !isBlank(v))) return r;
  return 0;
};

/** A grid's cells as Sheets shows them, to its last row with content. */
const shownGrid = (grid: unknown[][]) => grid.slice(0, lastRow(grid)).map((r) => r.map(shown));

/** Google's id of each sheet (a grid keeps its id when renamed: it is the same array). */
const sheetIds = new WeakMap<unknown[][], number>();
let nextSheetId = 1;
const idOf = (grid: unknown[][]) => {
  if (!sheetIds.has(grid)) sheetIds.set(grid, nextSheetId++);
  return sheetIds.get(grid)!;
};

/** The columns a write gave the 0-100 colour scale, by sheet (what `scaled` columns get when added). */
const scales = new WeakMap<unknown[][], number[]>();
export const colourScaled = (grid: unknown[][]): readonly number[] => scales.get(grid) ?? [];

/** The titles of the charts drawn on a sheet. */
const charts = new WeakMap<unknown[][], string[]>();
export const chartsOn = (grid: unknown[][]): readonly string[] => charts.get(grid) ?? [];

/** The notes on a sheet's cells, by `row,column`. */
const notes = new WeakMap<unknown[][], Map<string, string>>();
const notesOf = (grid: unknown[][]) => {
  if (!notes.has(grid)) notes.set(grid, new Map());
  return notes.get(grid)!;
};
/** The notes on a sheet's header cells, by column: a column's `note`, set when it was added. */
export const headerNotes = (grid: unknown[][]): ReadonlyMap<number, string> =>
  new Map(
    [...notesOf(grid)].flatMap(([at, note]) => {
      const [row, col] = at.split(',').map(Number);
      return row === HEADER_ROW ? [[col!, note] as const] : [];
    }),
  );

/**
 * The formulas of a sheet's cells, by `row,column`, their results in the grid (the memory tables
 * compute nothing): a test plants both (`plantFormula`); a formula written through the kit's cells
 * has '' for its result.
 */
const formulas = new WeakMap<unknown[][], Map<string, string>>();
const formulasOf = (grid: unknown[][]) => {
  if (!formulas.has(grid)) formulas.set(grid, new Map());
  return formulas.get(grid)!;
};

/** A formula in a cell of `grid`, with the result Sheets shows for it. */
export function plantFormula(
  grid: unknown[][],
  row: number,
  col: number,
  result: unknown,
  formula: string,
): void {
  putCell(grid, row, col, result);
  formulasOf(grid).set(`${row},${col}`, formula);
}

/** The note on a cell of `grid` ('' for none). */
export const noteAt = (grid: unknown[][], row: number, col: number): string =>
  notesOf(grid).get(`${row},${col}`) ?? '';

/** A note on a cell of `grid`, as an editor writes one. */
export const plantNote = (grid: unknown[][], row: number, col: number, note: string): void =>
  void notesOf(grid).set(`${row},${col}`, note);

/** Each cell of a block, by its row and column. */
const blockOf = <T>(e: Extent, at: (row: number, col: number) => T): T[][] =>
  Array.from({ length: e.rows }, (_, i) =>
    Array.from({ length: e.cols }, (_, j) => at(e.row + i, e.col + j)),
  );

/** The kit's cells over a workbook of grids (src/kit/ports.ts Cells). */
export function memoryCells(book: Workbook): Cells {
  const gridOf = (at: TableAt) => {
    const found = sheetAt(book, at);
    if (!found) throw new SheetGone();
    return found[1];
  };
  const raw = (grid: unknown[][], row: number, col: number) => grid[row - 1]?.[col - 1] ?? '';
  return {
    size(at) {
      const grid = sheetAt(book, at)?.[1];
      if (!grid) return null;
      let lastCol = 0;
      for (const line of grid)
        line.forEach((v, i) => (isBlank(v) ? undefined : (lastCol = Math.max(lastCol, i + 1))));
      return {
        maxRows: Math.max(1000, grid.length),
        maxCols: Math.max(26, lastCol),
        lastRow: lastRow(grid),
        lastCol,
      };
    },
    formulas(at, e) {
      const grid = gridOf(at);
      return blockOf(e, (r, c) => {
        const typed = raw(grid, r, c);
        const kept = formulasOf(grid).get(`${r},${c}`);
        return kept ?? (typeof typed === 'string' && typed.startsWith('=') ? typed : '');
      });
    },
    values: (at, e) => {
      const grid = gridOf(at);
      return blockOf(e, (r, c) => shown(raw(grid, r, c)));
    },
    notes: (at, e) => {
      const grid = gridOf(at);
      return blockOf(e, (r, c) => noteAt(grid, r, c));
    },
    write(at, e, values) {
      const grid = gridOf(at);
      blockOf(e, (r, c) => {
        const value = values[r - e.row]?.[c - e.col] ?? '';
        const formula = typeof value === 'string' && value.startsWith('=');
        if (formula) formulasOf(grid).set(`${r},${c}`, value);
        else formulasOf(grid).delete(`${r},${c}`);
        putCell(grid, r, c, formula ? '' : value);
      });
    },
    annotate(at, e, notesIn) {
      const grid = gridOf(at);
      blockOf(e, (r, c) => {
        const note = notesIn[r - e.row]?.[c - e.col] ?? '';
        if (note) notesOf(grid).set(`${r},${c}`, note);
        else notesOf(grid).delete(`${r},${c}`);
      });
    },
  };
}

/** The sheet `at` names: by its name, or by the id it was found with, whatever it is called now. */
function sheetAt(book: Workbook, at: TableAt): [string, unknown[][]] | null {
  if (typeof at === 'string') return book.has(at) ? [at, book.get(at)!] : null;
  return [...book].find(([, grid]) => idOf(grid) === at.sheetId) ?? null;
}

/** The sheet's columns for `columns`, the missing headers added at the table's right. */
function opened<K extends string>(book: Workbook, at: TableAt, columns: Columns<K>) {
  if (typeof at === 'string' && !book.has(at)) book.set(at, [[]]);
  const grid = sheetAt(book, at)?.[1];
  if (!grid) throw new SheetGone();
  const headers = headersOf(columns);
  // Past the last column with content in any row (Sheet.getLastColumn).
  let last = 0;
  for (const line of grid)
    line.forEach((v, i) => (isBlank(v) ? undefined : (last = Math.max(last, i + 1))));
  const plan = planMissingColumns(findColumns(grid[HEADER_ROW - 1] ?? [], headers), headers, last);
  for (const a of plan.added) putCell(grid, HEADER_ROW, a.column, a.header);
  const added = new Set(plan.added.map((a) => a.column));
  const scaled = scaledOf(columns).map((k) => plan.columns[k]);
  scales.set(grid, [...colourScaled(grid), ...scaled.filter((c) => added.has(c))]);
  for (const k of Object.keys(columns) as K[]) {
    const note = columns[k].note;
    if (note && added.has(plan.columns[k])) plantNote(grid, HEADER_ROW, plan.columns[k], note);
  }
  return { grid, columns: plan.columns };
}

/**
 * `id`: the file's id, as the person's records of it are kept under; `forms`: the sheets a form
 * fills, by name.
 */
export function memoryTables(
  book: Workbook,
  id = 'memory-file',
  fileName = id,
  forms: ReadonlySet<string> = new Set(),
): Tables {
  const write = <K extends string>(
    at: TableAt,
    columns: Columns<K>,
    patches: Map<number, Partial<Record<K, unknown>>>,
  ) => {
    const table = opened(book, at, columns);
    for (const [row, patch] of patches)
      for (const k of Object.keys(patch) as K[])
        putCell(table.grid, row, table.columns[k], cellValue(patch[k]));
    return table.columns;
  };
  return {
    find: (columns, key) =>
      [...book]
        .filter(
          ([name, grid]) =>
            !isOutputSheet(name) &&
            findColumns((grid[HEADER_ROW - 1] ?? []).map(shown), headersOf(columns))[key] > 0,
        )
        .map(([name, grid]) => rowsIn(name, shownGrid(grid), columns)),
    read(at, columns, span) {
      const found = sheetAt(book, at);
      return found && rowsIn(found[0], shownGrid(found[1]), columns, span?.first, span?.last);
    },
    grid(at) {
      const found = sheetAt(book, at);
      return found && { name: found[0], sheetId: idOf(found[1]), values: shownGrid(found[1]) };
    },
    write,
    append(name, columns, rows) {
      const first = Math.max(lastRow(book.get(name) ?? []), HEADER_ROW) + 1;
      write(name, columns, new Map(rows.map((r, i) => [first + i, r])));
      return first;
    },
    // Number formats are the Apps Script kit's: a grid in memory keeps values only.
    replace: (name, values) =>
      void book.set(
        name,
        values.map((line) => line.map(cellValue)),
      ),
    room(name) {
      const grid = book.get(name);
      const cellsOf = (g: unknown[][]) => g.length * Math.max(0, ...g.map((r) => r.length));
      return {
        header: grid ? (grid[HEADER_ROW - 1] ?? []).map(shown) : null,
        cells: grid ? cellsOf(grid) : 0,
        otherCells: [...book]
          .filter(([other]) => other !== name)
          .reduce((n, [, g]) => n + cellsOf(g), 0),
      };
    },
    chart(name, title) {
      const grid = sheetAt(book, name)?.[1];
      if (!grid) throw new SheetGone();
      charts.set(grid, [title]);
    },
    sheetId: (name) => (book.has(name) ? idOf(book.get(name)!) : null),
    fileId: () => id,
    fileName: () => fileName,
    fileUrl: () => `https://docs.google.com/spreadsheets/d/${id}/edit`,
    sheets: () =>
      [...book].map(([name, grid]) => ({ sheetId: idOf(grid), name, form: forms.has(name) })),
    sheet: (at) => {
      const found = sheetAt(book, at);
      return found && { sheetId: idOf(found[1]), name: found[0], form: forms.has(found[0]) };
    },
    headers: (at) => (sheetAt(book, at)?.[1][HEADER_ROW - 1] ?? []).map(shown),
    lastRow: (at) => {
      const found = sheetAt(book, at);
      return found ? lastRow(found[1]) : 0;
    },
  };
}
