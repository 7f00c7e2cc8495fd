/** A1 notation: column letters and blocks, as Sheets writes them. */
export function columnLetter(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26))
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

/**
 * A one-column block remembered as text (`B2:B1000`, `B2`, `B2:B`, `B:B`): its column and rows,
 * `last` null where it runs to the grid's end. Null for anything else.
 */
export function parseColumnBlock(
  text: string,
): { column: number; first: number; last: number | null } | null {
  const m = /^\$?([A-Z]+)\$?(\d*)(?::\$?([A-Z]+)\$?(\d*))?$/i.exec(text.trim());
  if (!m || (m[3] && m[3].toUpperCase() !== m[1]!.toUpperCase())) return null;
  const first = m[2] ? Number(m[2]) : 1;
  const last = m[3] ? (m[4] ? Number(m[4]) : null) : m[2] ? first : null;
  return { column: columnNumber(m[1]!), first, last };
}

export function a1(row: number, col: number, numRows = 1, numCols = 1): string {
  const start = `${columnLetter(col)}${row}`;
  return numRows === 1 && numCols === 1
    ? start
    : `${start}:${columnLetter(col + numCols - 1)}${row + numRows - 1}`;
}
