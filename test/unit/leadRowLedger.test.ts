// The owner's record of the rows a watch handled: names that survive a sort, identical rows told
// apart, waiting rows' links kept, the record never outgrowing the sheet.
import {
  lastTry,
  ledgerAfterRun,
  ledgerText,
  parseRowLedger,
  retryDue,
  RETRY_AFTER_MS,
  RETRY_FOR_MS,
  rowIds,
  startingLedger,
  unhandled,
} from '../../src/domain/leadRowLedger';
import type { LeadRow } from '../../src/domain/leads';
import { LEAD_WATCH } from './fakes';

const NOW = Date.UTC(2026, 10, 26, 9);

const row = (n: number, site: string, email = 'jo@x.example', first = 't1'): LeadRow => ({
  row: n,
  cells: { Timestamp: first, Website: site, Email: email, Consent: 'Yes' },
  status: '',
});

it('names rows by what the lead gave, whatever their place; identical rows by their order', () => {
  const rows = [row(2, 'a.com'), row(3, 'b.com'), row(4, 'a.com')];
  const ids = rowIds(rows, LEAD_WATCH);
  expect(ids.get(2)).not.toBe(ids.get(4));
  expect(ids.get(4)).toBe(`${ids.get(2)}.1`);
  const sorted = rowIds([row(2, 'b.com'), row(3, 'a.com'), row(4, 'a.com')], LEAD_WATCH);
  expect(new Set(sorted.values())).toEqual(new Set(ids.values()));
  // A corrected address is a new lead.
  expect(rowIds([row(2, 'a.com', 'jo@y.example')], LEAD_WATCH).get(2)).not.toBe(ids.get(2));
});

it('a status in a cell decides nothing: only the record says a row is handled', () => {
  const rows = [row(2, 'a.com'), { ...row(3, 'b.com'), status: 'e-mailed' }, row(4, '')];
  const ids = rowIds(rows, LEAD_WATCH);
  const none = { done: new Set<string>(), links: new Map<string, string>() };
  expect(unhandled(rows, ids, none, LEAD_WATCH).map((r) => r.row)).toEqual([2, 3]);
  const started = startingLedger(rows, LEAD_WATCH, false);
  expect(unhandled(rows, ids, started, LEAD_WATCH)).toEqual([]);
  expect(startingLedger(rows, LEAD_WATCH, true).done.size).toBe(0);
});

it('keeps a waiting row’s link, marks final rows done, and forgets rows gone from the sheet', () => {
  const rows = [row(2, 'a.com'), row(3, 'b.com')];
  const ids = rowIds(rows, LEAD_WATCH);
  const gone = 'deadbeef';
  const after = ledgerAfterRun(
    { done: new Set([gone]), links: new Map() },
    ids,
    [
      { row: 2, final: true, link: 'https://r.example/a' },
      { row: 3, final: false, link: 'https://r.example/b' },
    ],
    NOW,
  );
  expect([...after.done]).toEqual([ids.get(2)]);
  expect([...after.links]).toEqual([[ids.get(3), 'https://r.example/b']]);
  expect(parseRowLedger(ledgerText(after))).toEqual(after);
  expect(parseRowLedger(['junk', 'abc=javascript:x', `${ids.get(2)}=data:x`])).toEqual({
    done: new Set(),
    links: new Map(),
  });
});

describe('a lead whose preview got no answer', () => {
  const rows = [row(2, 'a.com')];
  const ids = rowIds(rows, LEAD_WATCH);
  const id = ids.get(2)!;
  /** The record after a failed try at each of `times` (ms after NOW). */
  const tried = (times: number[]) =>
    times.reduce(
      (l, at) =>
        ledgerAfterRun(l, ids, [{ row: 2, final: false, link: null, retry: true }], NOW + at),
      { done: new Set<string>(), links: new Map<string, string>() } as ReturnType<
        typeof parseRowLedger
      >,
    );

  it('is tried again at growing waits, whatever runs come between', () => {
    const once = tried([0]).tries!.get(id);
    expect(once).toEqual({ n: 1, first: NOW });
    expect(retryDue(once, NOW + 60_000)).toBe(false);
    expect(retryDue(once, NOW + RETRY_AFTER_MS[1]!)).toBe(true);
    const four = tried([0, RETRY_AFTER_MS[1]!, RETRY_AFTER_MS[2]!, RETRY_AFTER_MS[3]!]).tries!.get(
      id,
    );
    expect(four).toEqual({ n: 4, first: NOW });
    expect(retryDue(four, NOW + RETRY_AFTER_MS[4]! - 1)).toBe(false);
    expect(retryDue(four, NOW + RETRY_AFTER_MS[4]!)).toBe(true);
  });

  it('says its error only after three days of tries, never on a burst of runs in the first minute', () => {
    expect(lastTry(tried([0, 1000, 2000]).tries!.get(id), NOW + 3000)).toBe(false);
    const all = tried(RETRY_AFTER_MS.slice(0, -1));
    const t = all.tries!.get(id)!;
    expect(t.n).toBe(RETRY_AFTER_MS.length - 1);
    expect(lastTry(t, NOW + RETRY_FOR_MS - 1)).toBe(false);
    expect(lastTry(t, NOW + RETRY_FOR_MS)).toBe(true);
    expect(RETRY_AFTER_MS.at(-1)).toBeGreaterThanOrEqual(RETRY_FOR_MS);
  });

  it('is kept in the owner’s record with its first try, and an earlier version’s count is read', () => {
    const after = tried([0, RETRY_AFTER_MS[1]!]);
    expect(parseRowLedger(ledgerText(after))).toEqual(after);
    expect(parseRowLedger([`${id}~2`]).tries!.get(id)).toEqual({ n: 2, first: 0 });
    // Unknown first try: tried at once, and dated by it.
    expect(retryDue({ n: 2, first: 0 }, NOW)).toBe(true);
  });
});
