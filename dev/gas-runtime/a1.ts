/** A1 notation: column letters and ranges. */
export function columnLetter(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26))
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export interface A1Range {
  sheet?: string;
  row: number;
  col: number;
  /** null: open-ended (A2:A runs to the last row). */
  numRows: number | null;
  numCols: number;
}

export function parseA1(text: string): A1Range {
  let ref = text.trim();
  let sheet: string | undefined;
  const bang = ref.lastIndexOf('!');
  if (bang >= 0) {
    sheet = ref.slice(0, bang).replace(/^'(.*)'$/, '$1');
    ref = ref.slice(bang + 1);
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
  if (sheet !== undefined) out.sheet = sheet;
  return out;
}

export function a1(row: number, col: number, numRows: number, numCols: number): string {
  const start = `${columnLetter(col)}${row}`;
  return numRows === 1 && numCols === 1
    ? start
    : `${start}:${columnLetter(col + numCols - 1)}${row + numRows - 1}`;
}
