/**
 * A cell of the in-memory spreadsheet: what it holds (a value, a formula, a note, a number format),
 * how a written value is read as Sheets reads a typed one, how it shows, and the grid's limits
 * (docs/platform-limits.md).
 */
import { GasError } from './errors';
import type { DataValidation } from './validation';
import { parseTyped, type Reading } from './typedText';
import { wallParts } from './wallClock';

export type Value = string | number | boolean | Date;

export interface Cell {
  value: Value;
  formula?: string;
  note?: string;
  /** An array formula's anchor: the id its spilled cells carry. */
  anchor?: number;
  /** A cell showing part of an array formula's result (the anchor's id), not a value of its own. */
  spilledFrom?: number;
  /** A formula a script wrote that Sheets has not calculated yet (it does on flush). */
  pending?: boolean;
  /** The number format (Format > Number): what the cell shows, not what it holds. */
  format?: string;
  /** Its data validation rule (Data > Data validation), which stays as values come and go. */
  validation?: DataValidation;
}

/** Every cell never written: one shared, frozen object (a big read allocates nothing for it). */
export const BLANK: Cell = Object.freeze({ value: '' });

/**
 * What a new value keeps of the cell it replaces: its note, its number format and its data
 * validation rule, as in Sheets.
 */
export const kept = (old: Cell) => ({
  ...(old.note ? { note: old.note } : {}),
  ...(old.format ? { format: old.format } : {}),
  ...(old.validation ? { validation: old.validation } : {}),
});

/** A new sheet's size (Sheet > Insert, or insertSheet()). */
export const NEW_SHEET_ROWS = 1000;
export const NEW_SHEET_COLUMNS = 26;
/** Cells a spreadsheet may hold, over all its sheets, blank or not. */
export const SPREADSHEET_CELL_LIMIT = 10_000_000;
/** Columns a sheet may have: ZZZ, the last three-letter column (G14). */
export const SHEET_COLUMN_LIMIT = 18_278;
/** The runtime's own words: Google's page on the limit quotes no message. */
export const TOO_MANY_COLUMNS = `This action would increase the number of columns in the sheet above the limit of ${SHEET_COLUMN_LIMIT} columns.`;
/** Characters a cell may hold. */
export const CELL_CHARACTER_LIMIT = 50_000;

export const OUTSIDE_GRID = 'The coordinates of the range are outside the dimensions of the sheet.';
export const TOO_MANY_CELLS = `This action would increase the number of cells in the workbook above the limit of ${SPREADSHEET_CELL_LIMIT} cells.`;
export const TOO_LONG_CELL = `Your input contains more than the maximum of ${CELL_CHARACTER_LIMIT} characters in a single cell.`;

export interface Hooks {
  /** Called on every service call: counts it and enforces the execution limit. */
  call(name: string): void;
  /** False inside a custom function, where Sheets refuses writes. */
  mayWrite(): boolean;
  /** Cells a call carried between the script and Sheets, counted beside the calls. */
  cells(kind: 'read' | 'written', n: number): void;
  /** The person the running execution acts as ('' when no script runs: a form, a test). */
  user(): string;
  /** The runtime's clock (a date typed without its year is in this year). */
  now(): number;
}

const isDate = (v: unknown): v is Date => Object.prototype.toString.call(v) === '[object Date]';

/** How a book reads typed text when no book is at hand (a test's own cells): Google's defaults. */
const DEFAULT_READING: Reading = { locale: 'en_US', timeZone: 'Etc/UTC', now: 0 };

/**
 * A value written by a script, as Sheets keeps it: text is read as if typed (G15, in the book's
 * locale): numbers, booleans, percents, currency, dates and times become values, and anything
 * else starting with = + - @ becomes a formula. An apostrophe marks plain text.
 */
export function normalise(v: unknown, reading: Reading = DEFAULT_READING): Cell {
  if (v === null || v === undefined || v === '') return { value: '' };
  if (typeof v === 'string') {
    if (v.length > CELL_CHARACTER_LIMIT) throw new GasError(TOO_LONG_CELL);
    if (v.startsWith("'")) return { value: v.slice(1) };
    const parsed = parseTyped(v, reading);
    if (parsed) return { ...parsed };
    if (/^[=+\-@]/.test(v) && v.length > 1) return { value: '', formula: v };
    return { value: v };
  }
  if (typeof v === 'number') return { value: Number.isFinite(v) ? v : '#NUM!' };
  if (typeof v === 'boolean') return { value: v };
  if (isDate(v)) return { value: new Date((v as Date).getTime()) };
  throw new GasError(
    `The parameters (${typeof v}) don't match the method signature for SpreadsheetApp.Range.setValues.`,
  );
}

/**
 * A number as a format shows it, for the patterns this runtime knows: `0`, `0.00`, `#,##0`,
 * `#,##0.0` and each with `%` (the value times 100). Any other pattern shows the number plainly.
 */
function formatNumber(n: number, format: string): string {
  const m = /^(#,##)?0(?:\.(0+))?(%)?$/.exec(format.trim());
  if (!m) return String(n);
  const value = m[3] ? n * 100 : n;
  const text = value.toLocaleString('en-US', {
    useGrouping: !!m[1],
    minimumFractionDigits: m[2]?.length ?? 0,
    maximumFractionDigits: m[2]?.length ?? 0,
  });
  return m[3] ? `${text}%` : text;
}

/** A date or time pattern (Google's tokens: y, m, d, h, s), not a number's. */
const isDateFormat = (format: string): boolean => /[ydhs]/i.test(format.replace(/"[^"]*"/g, ''));

/**
 * A moment as a date pattern shows it in the spreadsheet's zone. `m`/`mm` are minutes right after
 * an hour or before seconds, the month otherwise (Google's rule).
 */
function formatDate(date: Date, format: string, timeZone: string): string {
  const parts = wallParts(date, timeZone);
  const tokens = format.match(/y+|m+|d+|h+|s+|[^ymdhs]+/gi) ?? [];
  let afterHour = false;
  return tokens
    .map((t, i) => {
      const kind = t[0]!.toLowerCase();
      const two = (v: string) => (t.length >= 2 ? v : String(Number(v)));
      if (kind === 'y') return t.length <= 2 ? parts.year!.slice(2) : parts.year!;
      if (kind === 'd') return two(parts.day!);
      if (kind === 'h') return ((afterHour = true), two(parts.hour!));
      if (kind === 's') return two(parts.second!);
      if (kind === 'm') {
        const nextIsSeconds = /^s/i.test(
          tokens.slice(i + 1).find((n) => /^[ymdhs]/i.test(n)) ?? '',
        );
        const minutes = afterHour || nextIsSeconds;
        afterHour = false;
        return two(minutes ? parts.minute! : parts.month!);
      }
      return t;
    })
    .join('');
}

export function display(v: Value, format?: string, timeZone = 'Etc/UTC'): string {
  if (isDate(v) && format && isDateFormat(format)) return formatDate(v as Date, format, timeZone);
  if (typeof v === 'number' && format && !isDateFormat(format)) return formatNumber(v, format);
  if (isDate(v)) return (v as Date).toISOString().slice(0, 10);
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return String(v);
}
