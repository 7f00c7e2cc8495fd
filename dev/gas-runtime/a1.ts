/** A1 notation: the add-on's own column letters, and ranges as the runtime parses them. */
import { columnNumber } from '../../src/domain/a1';

export { a1, columnLetter } from '../../src/domain/a1';

export interface A1Range {
  sheet?: string;
  row: number;
  col: number;
  /** null: open-ended (A2:A runs to the last row). */
  numRows: number | null;
  numCols: number;
  /**
   * Whole columns (`B:B`, `D:F`: every row of the grid) or whole rows (`5:7`: every column), as a
   * person selects them by clicking the column letters or row numbers.
   */
  whole?: 'columns' | 'rows';
}

export function parseA1(text: string): A1Range {
  let ref = text.trim();
  let sheet: string | undefined;
  const bang = ref.lastIndexOf('!');
  if (bang >= 0) {
    sheet = ref.slice(0, bang).replace(/^'(.*)'$/, '$1');
    ref = ref.slice(bang + 1);
  }
  const rows = /^\$?(\d+):\$?(\d+)$/.exec(ref);
  if (rows) {
    const [r1, r2] = [Number(rows[1]), Number(rows[2])];
    const out: A1Range = { row: r1, col: 1, numRows: r2 - r1 + 1, numCols: 0, whole: 'rows' };
    if (sheet !== undefined) out.sheet = sheet;
    return out;
  }
  const m = /^\$?([A-Z]+)\$?(\d+)?(?::\$?([A-Z]+)\$?(\d+)?)?$/i.exec(ref);
  if (!m) throw new Error(`Range not found: ${text}`);
  const c1 = columnNumber(m[1] as string);
  const r1 = m[2] ? Number(m[2]) : 1;
  const c2 = m[3] ? columnNumber(m[3]) : c1;
  const r2 = m[3] ? (m[4] ? Number(m[4]) : null) : r1;
  const out: A1Range = {
    row: r1,
    col: c1,
    numRows: r2 === null ? null : r2 - r1 + 1,
    numCols: c2 - c1 + 1,
  };
  if (m[3] && !m[2] && !m[4]) out.whole = 'columns';
  if (sheet !== undefined) out.sheet = sheet;
  return out;
}
