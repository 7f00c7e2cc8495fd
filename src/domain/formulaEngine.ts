/**
 * The custom functions' engine, free of Apps Script: flatten the input, turn each cell into a
 * lookup key or a ready answer, resolve the distinct keys in one go, and map back to the input's
 * shape. Blank in, blank out; one bad row gets its message in that row only.
 *
 * A custom function's results are values: Sheets never reads them as formulas, so service text is
 * returned as it is (an apostrophe would show). Links are still only ever http(s).
 */
import type { Platform } from '../engines';
import type { ClientConfig } from '../api/client';
import { resolveAll, type Outcome, type ResolverDeps, type ResolverSpec } from './resolver';
import { isBlank, type Cell } from './cells';
import { NOT_IN_INDEX, problemCell } from './scoreLookup';
import { errorText } from './status';
import { parseWebsite } from './website';

export type FormulaInput = unknown;

export interface FormulaEnv {
  config: ClientConfig;
  /** False when the owner has not allowed formulas in this spreadsheet to use their key. */
  keyAllowed: boolean;
  deps: ResolverDeps;
  /** Each site's readings in `Score history`, oldest first, read once for all (VIS_EVIDENCE). */
  readings?: (
    sites: readonly string[],
  ) => Map<
    string,
    ReadonlyArray<{ at: number; score: number; engines: Partial<Record<Platform, number>> }>
  >;
}

/** Sheets passes one cell as a scalar and a range as a 2-D array. */
export function grid(input: FormulaInput): { rows: unknown[][]; scalar: boolean } {
  if (Array.isArray(input)) {
    return { rows: input.map((row) => (Array.isArray(row) ? row : [row])), scalar: false };
  }
  return { rows: [[input]], scalar: true };
}

/** A cell's lookup key, or the answer it gets without a lookup. */
export type Keyed = { key: string } | { cell: Cell };

export type Resolve<T> = (keys: string[]) => Map<string, Outcome<T>>;

export function resolver<T>(spec: ResolverSpec<T>, env: FormulaEnv): Resolve<T> {
  return (keys) => resolveAll(keys, spec, env.deps).outcomes;
}

export const noLookup: Resolve<never> = () => new Map();

export function websiteKey(value: unknown): Keyed {
  const site = parseWebsite(value);
  if (site.ok) return { key: site.domain };
  return { cell: site.blank ? '' : errorText(site.message) };
}

export interface Answering<T> {
  keyOf: (value: unknown) => Keyed;
  resolve: Resolve<T>;
  /** One answer row (one cell or several). */
  format: (value: T) => Cell[];
  width: number;
  notFound?: string;
}

/**
 * One answer per cell of a one-column answer, or one row per row (its first cell) of a wider
 * one; each distinct key resolved once.
 */
export function answer<T>(input: FormulaInput, how: Answering<T>): Cell | Cell[][] {
  const { keyOf, resolve, format, width, notFound = NOT_IN_INDEX } = how;
  const { rows, scalar } = grid(input);
  const blankRow = (): Cell[] => new Array(width).fill('');
  const keyed: Keyed[][] = rows.map((row) =>
    (width === 1 ? row : row.slice(0, 1)).map((value) =>
      isBlank(value) ? { cell: '' } : keyOf(value),
    ),
  );
  const distinct = Array.from(
    new Set(keyed.flatMap((row) => row.flatMap((k) => ('key' in k ? [k.key] : [])))),
  );
  const outcomes = resolve(distinct);

  const rowFor = (k: Keyed): Cell[] => {
    if ('cell' in k) return k.cell === '' ? blankRow() : [k.cell, ...blankRow().slice(1)];
    const outcome = outcomes.get(k.key);
    if (outcome && outcome.kind === 'value') return format(outcome.value);
    return [problemCell(outcome, notFound), ...blankRow().slice(1)];
  };
  const out: Cell[][] =
    width === 1
      ? keyed.map((row) => row.map((k) => rowFor(k)[0] as Cell))
      : keyed.map((row) => rowFor(row[0] ?? { cell: '' }));
  if (scalar && width === 1) return out[0]?.[0] ?? '';
  return out;
}
