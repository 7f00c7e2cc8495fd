/**
 * Cells are data, never code: Sheets reads a string starting with =, +, - or @ as a formula
 * (and more, see looksLikeFormula), so such strings get a leading apostrophe, which Sheets shows
 * as plain text.
 */
import { isWebAddress } from '../api/serviceText';
import { looksLikeFormula } from './destinations';

/** What a cell holds: the one cell type of every table and formula. */
export type Cell = string | number | boolean | Date;

/** An empty cell, as Sheets hands it back (an empty string) or as a missing value. */
export const isBlank = (value: unknown): boolean =>
  value === '' || value === null || value === undefined;

/** Characters a cell holds; Sheets refuses the whole write when one value is longer. */
export const CELL_CHARACTER_LIMIT = 50_000;

export function safeText(text: string): string {
  const escaped = looksLikeFormula(text) ? `'${text}` : text;
  return escaped.length > CELL_CHARACTER_LIMIT
    ? `${escaped.slice(0, CELL_CHARACTER_LIMIT - 1)}…`
    : escaped;
}

/**
 * Text written so that it reads back as the same text, whatever the spreadsheet's locale: Sheets
 * would otherwise read `00123` and `1,5` as numbers, `TRUE` and `WAHR` as booleans, `12%` and
 * `$5` as numbers, `2026-01-02`, `3/12` and `2.1.` as dates and `10:30` as a time
 * (docs/platform-limits.md G15). An apostrophe costs nothing where Sheets would keep the text
 * anyway, so anything that could be read as a value in any locale gets one.
 */
export function literalText(text: string): string {
  const safe = safeText(text);
  if (safe !== text) return safe;
  const t = text.trim();
  const typed =
    /^(true|false|wahr|falsch)$/i.test(t) ||
    /^[-+($€£]?\s*[\d.,][\d\s.,:/%$€£()+\-eE]*$/.test(t) ||
    /^\d{4}-\d{1,2}-\d{1,2}[ T]\d/.test(t);
  return typed ? `'${text}` : text;
}

/**
 * A value as the add-on writes it into any cell of data (a list, the history, a sheet it makes):
 * text stays text whatever it looks like, and nothing is ever a formula. The one writer of text.
 */
export function cellValue(v: unknown): unknown {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? literalText(v) : v;
}

/**
 * Only web addresses are written as links, by the rule the service's answers pass at the gate
 * (isWebAddress): anything else (javascript:, data:, plain http) is dropped.
 */
export function safeLink(url: string | null | undefined): string {
  if (!url) return '';
  const trimmed = url.trim();
  return isWebAddress(trimmed) ? trimmed : '';
}

/** A score cell: a number, or blank when there is none (never 0 for "not queried"). */
export function scoreCell(score: number | null | undefined): number | string {
  return typeof score === 'number' && Number.isFinite(score) ? score : '';
}

/** An ISO timestamp as a real date value (Sheets formats it), or blank. */
export function dateCell(iso: string | null | undefined): Date | string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? '' : new Date(ms);
}

/** A cell read back as a time (Sheets hands dates back as Date). */
export function timeOf(value: unknown): number | null {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && value.trim()) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

/** Text made safe inside HTML a dialog shows (the diagnostics, the self-check's findings). */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
