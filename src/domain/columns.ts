/**
 * The shape every sheet the add-on writes is described in: one row per column, with the header
 * users sort and filter on, the cell a reading gives it (where one does), what it is cleared to
 * (where it is), its number format (where it has one), and whether the red-to-green 0-100 colour
 * scale reads it. Headers, writers, formats and colour scales derive from such a table, so a
 * column is added in one place.
 */
import { ENGINES, PLATFORMS, type Platform } from '../engines';
import type { Cell } from './cells';

/**
 * The number formats the add-on sets (Google's patterns: `mm` after `hh` is minutes). Times read
 * the same in every locale, so a list sorts and filters on them as it shows them.
 */
export const FORMATS = {
  time: 'yyyy-mm-dd hh:mm',
  count: '#,##0',
} as const;

export interface Column<R> {
  header: string;
  /** Headers a release wrote before this one: a sheet that still has one is matched by it. */
  formerly?: readonly string[];
  read?: (reading: R) => Cell;
  blank?: Cell;
  format?: (typeof FORMATS)[keyof typeof FORMATS];
  scaled?: true;
  /** A note on the header cell, set when the add-on adds the column (how to fill it in). */
  note?: string;
}

type Table<K extends string, R> = Record<K, Column<R>>;

/** A formula's output: every column reads the answer, in the table's order. */
export type OutputColumns<R> = Record<string, Column<R> & { read: (reading: R) => Cell }>;

/** An output table's header row, in its order. */
export const headerRow = <R>(table: OutputColumns<R>): string[] =>
  Object.values(table).map((c) => c.header);

/** One answer as a row of cells, in the table's order. */
export const rowOf = <R>(table: OutputColumns<R>, reading: R): Cell[] =>
  Object.values(table).map((c) => c.read(reading));

/** Any sheet's column table, whatever its readings are. */
export type Columns<K extends string> = Table<K, never>;

const keysOf = <K extends string>(table: Record<K, unknown>) => Object.keys(table) as K[];

export const headersOf = <K extends string>(table: Columns<K>): Record<K, string> =>
  Object.fromEntries(keysOf(table).map((k) => [k, table[k].header])) as Record<K, string>;

/** The columns the colour scale reads, in the table's order. */
export const scaledOf = <K extends string>(table: Columns<K>): readonly K[] =>
  keysOf(table).filter((k) => table[k].scaled);

/** The declared formats of a table written in its own order, from its first column. */
export const positionalFormats = <K extends string>(
  table: Columns<K>,
): Array<{ column: number; format: string }> =>
  keysOf(table).flatMap((k, i) => {
    const format = table[k].format;
    return format ? [{ column: i + 1, format }] : [];
  });

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
export const blanksOf = <K extends string>(table: Columns<K>): Partial<Record<K, Cell>> =>
  Object.fromEntries(
    keysOf(table).flatMap((k) => (table[k].blank === undefined ? [] : [[k, table[k].blank]])),
  ) as Partial<Record<K, Cell>>;

/** The number format of each column that has one. */
export const formatsOf = <K extends string>(table: Columns<K>): Partial<Record<K, string>> =>
  Object.fromEntries(
    keysOf(table).flatMap((k) => (table[k].format ? [[k, table[k].format]] : [])),
  ) as Partial<Record<K, string>>;

/** A column per AI engine, headed by its name: an engine added to ENGINES is a column of each table. */
export const engineColumns = <C extends Column<never> = Column<never>>(
  rest: (p: Platform) => Omit<C, 'header'> = () => ({}) as Omit<C, 'header'>,
): Record<Platform, C> =>
  Object.fromEntries(PLATFORMS.map((p) => [p, { header: ENGINES[p], ...rest(p) }])) as Record<
    Platform,
    C
  >;
