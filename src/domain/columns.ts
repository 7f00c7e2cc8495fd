/**
 * The shape every sheet the add-on writes is described in: one row per column, with the header
 * users sort and filter on, the cell a reading gives it (where one does), what it is cleared to
 * (where it is), and whether the red-to-green 0-100 colour scale reads it. Headers, writers and
 * colour scales derive from such a table, so a column is added in one place.
 */
export type Cell = string | number | Date;

export interface Column<R> {
  header: string;
  read?: (reading: R) => Cell;
  blank?: Cell;
  scaled?: true;
}

type Table<K extends string, R> = Record<K, Column<R>>;

const keysOf = <K extends string>(table: Record<K, unknown>) => Object.keys(table) as K[];

export const headersOf = <K extends string, R>(table: Table<K, R>): Record<K, string> =>
  Object.fromEntries(keysOf(table).map((k) => [k, table[k].header])) as Record<K, string>;

/** The columns the colour scale reads, in the table's order. */
export const scaledOf = <K extends string, R>(table: Table<K, R>): readonly K[] =>
  keysOf(table).filter((k) => table[k].scaled);

/** The cells a reading gives, for every column that reads one. */
export const cellsOf = <K extends string, R>(
  table: Table<K, R>,
  reading: R,
): Partial<Record<K, Cell>> =>
  Object.fromEntries(
    keysOf(table).flatMap((k) => {
      const read = table[k].read;
      return read ? [[k, read(reading)]] : [];
    }),
  ) as Partial<Record<K, Cell>>;

/** What the columns that have a blank are cleared to. */
export const blanksOf = <K extends string, R>(table: Table<K, R>): Partial<Record<K, Cell>> =>
  Object.fromEntries(
    keysOf(table).flatMap((k) => (table[k].blank === undefined ? [] : [[k, table[k].blank]])),
  ) as Partial<Record<K, Cell>>;
