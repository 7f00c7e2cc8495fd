/**
 * How far a brand's score usually moves, from its own readings: answers from AI engines vary from
 * one asking to the next, so a move is news only past the brand's own noise (issue 64).
 */

/** Changes between readings a usual swing needs: four readings. */
export const MIN_CHANGES_FOR_SWING = 3;

/**
 * A brand's usual swing: the median size of the changes between its consecutive earlier readings
 * (oldest first), once there are at least three of them; null before.
 */
export function usualSwing(earlier: number[]): number | null {
  const changes = earlier
    .slice(1)
    .map((s, i) => Math.abs(s - earlier[i]!))
    .sort((a, b) => a - b);
  if (changes.length < MIN_CHANGES_FOR_SWING) return null;
  const mid = Math.floor(changes.length / 2);
  return changes.length % 2 ? changes[mid]! : (changes[mid - 1]! + changes[mid]!) / 2;
}

/** A move more than twice the brand's usual swing: what alerts, digests and decks call unusual. */
export const isUnusual = (move: number, usual: number): boolean => Math.abs(move) > 2 * usual;

/** The usual swing as a person reads it: one decimal at most. */
export const swingText = (usual: number): string => String(Math.round(usual * 10) / 10);
