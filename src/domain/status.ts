/**
 * The status vocabulary users filter on: `pending`, `complete`, `failed`, `running`, `none`, and
 * `error: <kind>`. Written by one function and read back by one, for previews, scans, scores and
 * formulas alike, so no code reads a status cell with string tests of its own.
 */
const ERROR_KINDS = [
  'bad URL',
  'service error',
  'refused',
  'no answer',
  'quota',
  'unknown agent',
  'not an ID',
  'duplicate ID',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

const PLAIN = ['pending', 'complete', 'failed', 'running', 'none'] as const;
type Plain = (typeof PLAIN)[number];

/** The plain statuses as written in cells: previews use pending, complete, failed; scans all but pending. */
export const STATUS = Object.fromEntries(PLAIN.map((p) => [p, p])) as { [K in Plain]: K };

export type RowStatus = { kind: Plain } | { kind: 'error'; error: ErrorKind | 'other' };

const ERROR_PREFIX = 'error: ';

export function renderStatus(s: RowStatus): string {
  return s.kind === 'error' ? `${ERROR_PREFIX}${s.error}` : s.kind;
}

/** Blank cells are no status (null); any other text beginning `error:` is an error of its own. */
export function readStatus(cell: unknown): RowStatus | null {
  const text = String(cell ?? '').trim();
  if (text === '') return null;
  const plain = PLAIN.find((p) => p === text);
  if (plain) return { kind: plain };
  if (text.startsWith('error:')) {
    const kind = text.slice(ERROR_PREFIX.length).trim();
    const known = ERROR_KINDS.find((k) => k === kind);
    return { kind: 'error', error: known ?? 'other' };
  }
  return null;
}

export const errorStatus = (error: ErrorKind): string => renderStatus({ kind: 'error', error });

/** A message in the error form (formulas and score messages): read back as an error of its own. */
export const errorText = (message: string): string => `${ERROR_PREFIX}${message}`;

/** A cell that says something went wrong: an error status, or a message in the error form. */
export function isErrorText(cell: unknown): boolean {
  return readStatus(cell)?.kind === 'error';
}

/** The kind of status a cell holds ('error' for any error), or null for a blank or other text. */
export const statusKind = (cell: unknown): RowStatus['kind'] | null =>
  readStatus(cell)?.kind ?? null;

/** Whether a cell holds the error status of this kind. */
export function isErrorOf(cell: unknown, kind: ErrorKind): boolean {
  const s = readStatus(cell);
  return s?.kind === 'error' && s.error === kind;
}
