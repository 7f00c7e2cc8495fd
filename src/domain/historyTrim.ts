/**
 * Which rows a full `Score history` gives up: its oldest readings by their `Checked` time, not
 * blindly its top rows. A person may sort the history newest first: dropping the top rows would
 * then delete the newest readings. The top rows are trusted when they are no newer than the last
 * rows (two small reads); otherwise the whole column is read. A sort that leaves old readings on
 * top and newer ones at the foot (by website, say) passes that check, and then the top rows go:
 * old readings, if not the very oldest. Plain numbers in, rows out.
 */

/** Rows to delete, `count` from `row` down. */
export interface RowRun {
  row: number;
  count: number;
}

/**
 * Past this many separate runs the rows are put back in time order first (one sort, then one
 * delete): a history sorted by website spreads its oldest readings over every site's rows.
 */
export const MAX_DELETE_RUNS = 20;

/**
 * Whether the top rows are the oldest readings, as the add-on appends them: each has a time, and
 * none is later than any time read below them.
 */
export function topIsOldest(top: Array<number | null>, below: Array<number | null>): boolean {
  if (top.some((t) => t === null)) return false;
  const newestTop = Math.max(...(top as number[]));
  return below.every((t) => t === null || t >= newestTop);
}

/**
 * The `count` oldest readings among `times` (the data rows from `firstRow` down), as runs of
 * rows, the lowest run first so that deleting in this order leaves the rows above in place.
 * A row without a time is not a reading: it goes only after every reading (a sort puts its blank
 * time last too), so exactly `count` rows are freed.
 */
export function oldestRuns(times: Array<number | null>, firstRow: number, count: number): RowRun[] {
  const chosen = times
    .map((t, i) => ({ t: t ?? Infinity, row: firstRow + i }))
    .sort((a, b) => a.t - b.t || a.row - b.row)
    .slice(0, count)
    .map((x) => x.row)
    .sort((a, b) => a - b);
  const runs: RowRun[] = [];
  for (const row of chosen) {
    const last = runs[runs.length - 1];
    if (last && last.row + last.count === row) last.count++;
    else runs.push({ row, count: 1 });
  }
  return runs.reverse();
}
