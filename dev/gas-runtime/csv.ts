/**
 * CSV in and out of the local sheets, with a maintained parser and writer, readable and written as
 * Excel does. A CSV opened in a spreadsheet program runs any cell starting with = + - @ (or a tab
 * or carriage return) as a formula: such cells are written with a leading apostrophe, as the
 * add-on writes text to cells (https://owasp.org/www-community/attacks/CSV_Injection).
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { looksLikeFormula } from '../../src/domain/destinations';

const BOM = '\ufeff';
const SEPARATORS = [',', ';', '\t'] as const;

/**
 * The separator of the header row: Excel writes `;` where the decimal mark is a comma (Germany,
 * France) and "Unicode text" is tab-separated. The one used most outside quotes wins; `,` on a tie.
 */
export function detectSeparator(text: string): (typeof SEPARATORS)[number] {
  const header = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0] ?? '';
  const unquoted = header.replace(/"[^"]*"/g, '');
  const count = (s: string) => unquoted.split(s).length - 1;
  return SEPARATORS.reduce((best, s) => (count(s) > count(best) ? s : best), SEPARATORS[0]);
}

export function parseCsv(text: string): string[][] {
  // `bom`: Excel saves "CSV UTF-8" with a byte-order mark, which would hide the first header.
  return parse(text, {
    bom: true,
    delimiter: detectSeparator(text),
    relax_column_count: true,
    skip_empty_lines: true,
  }) as string[][];
}

/** Numbers stay numbers; text that a spreadsheet would run is marked as text, by the cells' rule. */
function csvSafe(value: string): string {
  return looksLikeFormula(value) && !/^[-+]?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
}

/**
 * With a byte-order mark, so that Excel on Windows reads accents and emoji as UTF-8, and with the
 * separator the sheet came in with: Excel in a `;` locale opens a `,` file in one column.
 */
export function toCsv(rows: string[][], separator: string = SEPARATORS[0]): string {
  return (
    BOM +
    stringify(
      rows.map((r) => r.map(csvSafe)),
      { delimiter: separator },
    )
  );
}
