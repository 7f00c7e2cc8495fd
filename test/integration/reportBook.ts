// A client list for reports: a brand, three competitors (one unscored) and five weeks of the
// brand's Score history, shared by the report tests.
import type { GasRuntime } from '../../dev/gas-runtime/runtime';
import type { Sheet, Value } from '../../dev/gas-runtime/spreadsheet';
import { createHmac, randomUUID } from 'node:crypto';
import { HISTORY_HEADERS } from '../../src/domain/table';
import { readingText, SEAL_CHARS } from '../../src/domain/readingSeal';
import { cellValue } from '../../src/domain/cells';

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;
const put = (sheet: Sheet, rows: Value[][]) => {
  sheet.probe.rows = rows.map((r) => r.map((value) => ({ value })));
};

const LIST_HEAD = [
  'Website',
  'Brand',
  'Public score',
  'ChatGPT',
  'Claude',
  'Gemini',
  'AI Overviews',
  'Last scanned',
  'Report URL',
];
/** The history's own columns, in the order the add-on writes them. */
const HISTORY_HEAD = Object.values(HISTORY_HEADERS);

/**
 * A history row as `user`'s own Score run records it: sealed under the key in their user
 * properties (src/gas/readingSeal.ts), made now if they have none, and the seal written as the
 * add-on writes text (one seal in 64 begins with `-`, which Sheets would read as a formula).
 */
export function sealedAs(rt: GasRuntime, user: string, row: Value[]): Value[] {
  const store = rt.userProperties(user);
  const key = store.getProperty('vis.seal.key') ?? `${randomUUID()}${randomUUID()}`;
  store.setProperty('vis.seal.key', key);
  const keys = Object.keys(HISTORY_HEADERS);
  const reading = Object.fromEntries(keys.map((k, i) => [k, row[i] ?? '']));
  const seal = createHmac('sha256', key).update(readingText(reading), 'utf8').digest('base64url');
  return keys.map((k, i) =>
    k === 'seal' ? (cellValue(seal.slice(0, SEAL_CHARS)) as Value) : (row[i] ?? ''),
  );
}

/**
 * The brand (AI Overviews not queried), three competitors (one unscored) and five weeks of
 * history, recorded by the spreadsheet owner's runs.
 */
export function reportBook(rt: GasRuntime, now: number): Sheet {
  const book = rt.spreadsheet;
  const list = book.activeSheet;
  list.setName('Clients');
  put(list, [
    LIST_HEAD,
    ['acme.com', 'Acme', 62, 70, 55, 61, '', new Date(now - 2 * DAY), 'https://r.example/acme'],
    ['beta.com', 'Beta', 71, 80, 60, 66, 75, new Date(now - 3 * DAY), ''],
    ['gamma.com', 'Gamma', 48, 50, 40, 52, 49, new Date(now - 3 * DAY), ''],
    ['delta.com', 'Delta', '', '', '', '', '', '', ''],
  ]);
  const history = book.insertSheet('Score history');
  const week = (n: number, score: number, claude: number): Value[] =>
    sealedAs(rt, rt.owner, [
      new Date(now - n * 7 * DAY + (n ? HOUR : -HOUR)),
      'acme.com',
      'Acme',
      'acme',
      score,
      'strong',
      70,
      claude,
      61,
      '',
      new Date(now - n * 7 * DAY + (n ? HOUR : -HOUR)),
      'score',
      n === 0 ? 'https://index.example/brand/acme' : '',
    ]);
  put(history, [
    HISTORY_HEAD,
    week(5, 50, 40),
    week(4, 53, 44),
    week(3, 57, 48),
    week(2, 60, 52),
    week(1, 61, 53),
    week(0, 62, 55),
  ]);
  book.activeSheet = list;
  return list;
}
