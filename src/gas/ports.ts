/**
 * The port the workflows not on the kit yet share (a sheet). Each such workflow
 * declares its own ports beside it (`LeadRunPorts` in src/addon/leadRun.ts, …); the adapters in
 * src/gas give them over Apps Script without importing src/addon (the types meet where the
 * workflow is handed its ports), and test/unit/fakes.ts over plain memory.
 */
import type { Columns } from '../domain/columns';

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
