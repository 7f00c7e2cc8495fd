/** How the sidebar words a count: no markup, so its rules are table-tested (test/unit/words.test.ts). */
export const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** A count as the page writes every count: grouped as the English around it is (20,000), whatever the browser's locale. */
export const count = (n: number) => n.toLocaleString('en-US');

/** A count with its noun: "1 row", "20 rows". */
export const counted = (n: number, one: string, many = `${one}s`) =>
  `${count(n)} ${plural(n, one, many)}`;

/**
 * The requests a press would make. Today's quota has one home, the usage line at the top: a plan
 * read a poll earlier showing its own figure beside it read as a disagreement. The plan names the
 * quota only when the run would not fit in it.
 */
export const requestsText = (n: number, left: number) =>
  `${counted(n, 'request')}${n > left ? `; only ${count(left)} left today, the rest wait for tomorrow` : ''}`;

/** A moment as the person's browser shows it, or "never". */
export const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'never');
