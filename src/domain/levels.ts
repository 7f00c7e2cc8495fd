/** Which of the spec's visibility levels (src/contract/levels.ts) a score falls in. */
import type { Level } from '../contract/levels';

/** The spec's table: each level and the highest score in it, lowest first. */
export const LEVEL_BANDS: ReadonlyArray<readonly [upTo: number, level: Level]> = [
  [20, 'invisible'],
  [40, 'low'],
  [60, 'moderate'],
  [80, 'strong'],
  [100, 'dominant'],
];

export function visibilityLevel(score: number): Level {
  return (LEVEL_BANDS.find(([upTo]) => score <= upTo) ?? LEVEL_BANDS[LEVEL_BANDS.length - 1]!)[1];
}

/** The table in words: "0-20 invisible, 21-40 low, …". */
export const levelsInWords = (): string =>
  LEVEL_BANDS.map(
    ([upTo, level], i) => `${i ? LEVEL_BANDS[i - 1]![0] + 1 : 0}-${upTo} ${level}`,
  ).join(', ');
