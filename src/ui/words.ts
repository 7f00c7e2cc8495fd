/** How the sidebar words what it shows: no markup, so its rules are table-tested (test/unit/words.test.ts). */
import { count, counted } from '../contract/words';

export { count, counted, plural } from '../contract/words';

/**
 * The requests a press would make. Today's quota has one home, the usage line at the top: a plan
 * read a poll earlier showing its own figure beside it read as a disagreement. The plan names the
 * quota only when the run would not fit in it.
 */
export const requestsText = (n: number, left: number) =>
  `${counted(n, 'request')}${n > left ? `; only ${count(left)} left today, the rest wait for tomorrow` : ''}`;

/** A day as every other date the add-on writes says it (2026-10-19), whatever the browser's locale. */
export const isoDay = (iso: string): string => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : new Date(t).toISOString().slice(0, 10);
};

/** A moment as the person's browser shows it, or "never". */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');
