/** The spec's visibility levels, lowest first: the one list the add-on and the sidebar use. */
import { VISIBILITY_LEVELS } from '../contract';

export { VISIBILITY_LEVELS };
export type VisibilityLevel = (typeof VISIBILITY_LEVELS)[number];

/** The spec's table: 0-20 invisible, 21-40 low, 41-60 moderate, 61-80 strong, 81-100 dominant. */
export function visibilityLevel(score: number): VisibilityLevel {
  if (score <= 20) return 'invisible';
  if (score <= 40) return 'low';
  if (score <= 60) return 'moderate';
  if (score <= 80) return 'strong';
  return 'dominant';
}
