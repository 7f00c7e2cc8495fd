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
import { SheetGone, type TableAt, type Tables } from '../src/kit/ports';

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

/** The notes on a sheet's header cells, by column: a column's `note`, set when it was added. */
const notes = new WeakMap<unknown[][], Map<number, string>>();
export const headerNotes = (grid: unknown[][]): ReadonlyMap<number, string> =>
  notes.get(grid) ?? new Map();

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
  const noted = new Map(headerNotes(grid));
  for (const k of Object.keys(columns) as K[]) {
    const note = columns[k].note;
    if (note && added.has(plan.columns[k])) noted.set(plan.columns[k], note);
  }
  notes.set(grid, noted);
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
