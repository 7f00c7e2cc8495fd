/**
 * How far a brand's score usually moves, from its own readings: answers from AI engines vary from
 * one asking to the next, so a move is news only past the brand's own noise (issue 64). The same
 * rules weigh its overall score and each engine's.
 */
import type { Weighed } from '../contract/scores';
import { counted } from '../contract/words';

/** Changes between readings a brand's own swing needs: four readings. */
export const MIN_CHANGES_FOR_SWING = 3;
export const MIN_READINGS_FOR_OWN_SWING = MIN_CHANGES_FOR_SWING + 1;

/**
 * The swing a move is weighed against until a brand (or an engine of it) has readings enough for
 * its own: 5 points, about what one engine's answers vary between two askings of the same prompts.
 */
export const DEFAULT_SWING = 5;

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

/** A move more than twice the usual swing: what alerts, digests and decks call unusual. */
export const isUnusual = (move: number, usual: number): boolean => Math.abs(move) > 2 * usual;

/** The usual swing as a person reads it: one decimal at most. */
export const swingText = (usual: number): string => String(Math.round(usual * 10) / 10);

/**
 * A move weighed against the swing of the readings before it (oldest first): the brand's own once
 * it has enough of them, the default band until then. Judged on the figure shown, so that an alert
 * and a cell that read the same swing agree.
 */
export function weigh(move: number, earlier: number[]): Weighed {
  const own = usualSwing(earlier);
  const usual = swingText(own ?? DEFAULT_SWING);
  return {
    usual,
    unusual: isUnusual(move, Number(usual)),
    own: own !== null,
    readings: earlier.length,
  };
}

/**
 * What a weighed move is, in words: "unusual: it usually moves by 2 (5 readings)", or, on the
 * default band, "within ±5, the range used until it has 4 readings of its own (it has 2)".
 */
export function weighedWords(w: Weighed): string {
  const rests = counted(w.readings, 'reading');
  if (w.own)
    return w.unusual
      ? `unusual: it usually moves by ${w.usual} (${rests})`
      : `within its usual swing of ${w.usual} (${rests})`;
  const band = `±${w.usual}, the range used until it has ${MIN_READINGS_FOR_OWN_SWING} readings of its own (it has ${w.readings})`;
  return w.unusual ? `unusual: past ${band}` : `within ${band}`;
}

/** A move with its sign, as every line shows one: "+10", "-3", "0". */
export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));
