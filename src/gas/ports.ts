/**
 * The ports the workflows not on the kit yet share (a sheet, the workbook). Each such workflow
 * declares its own ports beside it (`LeadRunPorts` in src/addon/leadRun.ts, …); the adapters in
 * src/gas give them over Apps Script without importing src/addon (the types meet where the
 * workflow is handed its ports), and test/unit/fakes.ts over plain memory.
 */
import type { Columns } from '../domain/columns';
import type { Held } from '../kit/ports';

/** One sheet, read and written by header. */
export interface SheetPort {
  /** Every row with content, the header row first: one read. */
  grid(): unknown[][];
  /**
   * Writes cells of a column table by row (its missing headers are added at the right), in as
   * few writes as the layout allows, leaving every other cell as it is.
   */
  write<K extends string>(
    table: Columns<K>,
    patches: Map<number, Partial<Record<K, unknown>>>,
    /** The grid as this run just read it (under the lock), sparing a second read. */
    read?: unknown[][],
  ): void;
}

/** A list as a workflow reads it: its name and, per row below the header, the cells by key. */
export interface ListRows<K extends string> {
  name: string;
  rows: Array<Record<K, unknown>>;
}

/** The workbook a workflow reads lists from and rebuilds the add-on's own sheets in. */
export interface BookPort {
  /** Every list with `key`'s column (the add-on's own sheets are not opened): one header read each. */
  lists<K extends string>(headers: Record<K, string>, key: NoInfer<K>): ListRows<K>[];
  /**
   * Replaces one of the add-on's sheets (made when missing) with `values` in one write, blanking
   * what it held beyond them, and sets the number formats of its columns.
   */
  replace(
    name: string,
    values: unknown[][],
    formats: Array<{ column: number; format: string }>,
  ): void;
  /** A small record kept in the file (developer metadata), which every editor shares. */
  meta: { get(key: string): string | null; set(key: string, value: string | null): void };
  /** The document's lock, or null when another run holds it past `waitMs`. */
  lock(waitMs: number): Held | null;
}
