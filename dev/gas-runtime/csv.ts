/**
 * CSV in and out of the local sheets, with a maintained parser and writer. A CSV opened in a
 * spreadsheet program runs any cell starting with = + - @ (or a tab or carriage return) as a
 * formula: such cells are written with a leading apostrophe, as the add-on writes text to cells
 * (https://owasp.org/www-community/attacks/CSV_Injection).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export function parseCsv(text: string): string[][] {
  // `bom`: Excel saves "CSV UTF-8" with a byte-order mark, which would hide the first header.
  return parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** Numbers stay numbers; text that a spreadsheet would run is marked as text. */
function csvSafe(value: string): string {
  return FORMULA_START.test(value) && !/^[-+]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

export function toCsv(rows: string[][]): string {
  return stringify(rows.map((r) => r.map(csvSafe)));
}
