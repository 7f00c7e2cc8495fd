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

export function a1(row: number, col: number, numRows = 1, numCols = 1): string {
  const start = `${columnLetter(col)}${row}`;
  return numRows === 1 && numCols === 1
    ? start
    : `${start}:${columnLetter(col + numCols - 1)}${row + numRows - 1}`;
}
