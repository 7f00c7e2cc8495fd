/**
 * The kit's tables in memory (src/kit/ports.ts Tables): a workbook of grids, with the grid's rules
 * Google applies: a value is stored as the add-on writes it (src/domain/cells.ts cellValue) and
 * read as Sheets shows it (a leading apostrophe is a text marker, not text), the add-on's own
 * sheets are never found as lists, and headers are matched as src/domain/table.ts matches them.
 */
import { cellValue, isBlank } from '../src/domain/cells';
import { headersOf, type Columns } from '../src/domain/columns';
import { isOutputSheet } from '../src/domain/outputSheets';
import { findColumns, HEADER_ROW, planMissingColumns, putCell } from '../src/domain/table';
import type { Tables } from '../src/kit/ports';
import type { TableRows } from '../src/domain/table';

/** Sheets by name, each its rows of cells as written. */
export type Workbook = Map<string, unknown[][]>;

const shown = (v: unknown) => (typeof v === 'string' && v.startsWith("'") ? v.slice(1) : v);

/** The last row with content (Sheet.getLastRow), 0 for an empty sheet. */
const lastRow = (grid: unknown[][]) => {
  for (let r = grid.length; r > 0; r--) if (grid[r - 1]!.some((v) => !isBlank(v))) return r;
  return 0;
};

function rowsOf<K extends string>(name: string, grid: unknown[][], columns: Columns<K>) {
  const found = findColumns(grid[HEADER_ROW - 1] ?? [], headersOf(columns));
  const keys = Object.keys(headersOf(columns)) as K[];
  const rows: TableRows<K>['rows'] = [];
  for (let row = HEADER_ROW + 1; row <= lastRow(grid); row++)
    rows.push({
      row,
      cells: Object.fromEntries(
        keys.map((k) => [k, found[k] ? shown(grid[row - 1]?.[found[k] - 1] ?? '') : '']),
      ) as Record<K, unknown>,
    });
  return { name, rows, found };
}

/** The sheet's columns for `columns`, the missing headers added at the table's right. */
function opened<K extends string>(book: Workbook, name: string, columns: Columns<K>) {
  if (!book.has(name)) book.set(name, [[]]);
  const grid = book.get(name)!;
  const headers = headersOf(columns);
  // Past the last column with content in any row (Sheet.getLastColumn).
  let last = 0;
  for (const line of grid)
    line.forEach((v, i) => (isBlank(v) ? undefined : (last = Math.max(last, i + 1))));
  const plan = planMissingColumns(findColumns(grid[HEADER_ROW - 1] ?? [], headers), headers, last);
  for (const a of plan.added) putCell(grid, HEADER_ROW, a.column, a.header);
  return { grid, columns: plan.columns };
}

/** `id`: the file's id, as the person's records of it are kept under. */
export function memoryTables(book: Workbook, id = 'memory-file'): Tables {
  const write = <K extends string>(
    name: string,
    columns: Columns<K>,
    patches: Map<number, Partial<Record<K, unknown>>>,
  ) => {
    const table = opened(book, name, columns);
    for (const [row, patch] of patches)
      for (const k of Object.keys(patch) as K[])
        putCell(table.grid, row, table.columns[k], cellValue(patch[k]));
    return table.grid;
  };
  return {
    find: (columns, key) =>
      [...book]
        .filter(([name]) => !isOutputSheet(name))
        .map(([name, grid]) => rowsOf(name, grid, columns))
        .filter((t) => t.found[key])
        .map(({ name, rows }) => ({ name, rows })),
    read(name, columns, span) {
      const grid = book.get(name);
      if (!grid) return null;
      const { rows } = rowsOf(name, grid, columns);
      return {
        name,
        rows: span ? rows.filter((r) => r.row >= span.first && r.row <= span.last) : rows,
      };
    },
    write: (name, columns, patches) => void write(name, columns, patches),
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
    fileId: () => id,
  };
}
