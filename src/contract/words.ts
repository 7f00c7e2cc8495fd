/**
 * How a count is worded wherever the add-on writes one (cells, toasts, e-mails, run messages, the
 * sidebar): the number grouped as in English, since the words are English, whatever the locale,
 * and the noun agreeing with it ("1 row", "20 rows"). Table-tested: a message reading "1 rows" is
 * what a marketer notices first. One home for the server and the page alike.
 */
export const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);

/** A count as every message writes it: grouped as the English around it is (20,000). */
export const count = (n: number) => n.toLocaleString('en-US');

/** A count with its noun: "1 row", "20 rows". */
export const counted = (n: number, one: string, many = `${one}s`) =>
  `${count(n)} ${plural(n, one, many)}`;
