// Big lists at two sizes. `npm test` proves each rule at the smallest list that still exercises it
// (several executions, a grown sheet, a cut-off run); `npm run soak` runs the same tests again at
// the size users reach (VIS_FULL_SIZE=1), before each release, as docs/development.md says.
export const FULL_SIZE = process.env.VIS_FULL_SIZE === '1';

/** `quick` in `npm test`, `full` in the soak's run of the same test. */
export const sized = (quick: number, full: number): number => (FULL_SIZE ? full : quick);
