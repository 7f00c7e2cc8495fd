/** Which of the spec's visibility levels (src/contract/levels.ts) a score falls in. */
import type { Level } from '../contract/levels';

/** The spec's table: 0-20 invisible, 21-40 low, 41-60 moderate, 61-80 strong, 81-100 dominant. */
export function visibilityLevel(score: number): Level {
  if (score <= 20) return 'invisible';
  if (score <= 40) return 'low';
  if (score <= 60) return 'moderate';
  if (score <= 80) return 'strong';
  return 'dominant';
}
