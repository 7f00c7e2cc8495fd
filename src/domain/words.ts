/**
 * How the add-on words a count in what it writes (cells, toasts, e-mails, run messages): the
 * number grouped as in English, since the messages are English, and the noun agreeing with it
 * ("1 row", "20 rows"). Table-tested: a message reading "1 rows" is what a marketer notices first.
 */
export const counted = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
