// The owner's record of the rows a watch handled: names that survive a sort, identical rows told
// apart, waiting rows' links kept, the record never outgrowing the sheet.
import {
  ledgerAfterRun,
  ledgerText,
  parseRowLedger,
  rowIds,
  startingLedger,
  unhandled,
} from '../../src/domain/leadRowLedger';
import type { LeadRow } from '../../src/domain/leads';
import { LEAD_WATCH } from './fakes';

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
  const after = ledgerAfterRun({ done: new Set([gone]), links: new Map() }, ids, [
    { row: 2, final: true, link: 'https://r.example/a' },
    { row: 3, final: false, link: 'https://r.example/b' },
  ]);
  expect([...after.done]).toEqual([ids.get(2)]);
  expect([...after.links]).toEqual([[ids.get(3), 'https://r.example/b']]);
  expect(parseRowLedger(ledgerText(after))).toEqual(after);
  expect(parseRowLedger(['junk', 'abc=javascript:x', `${ids.get(2)}=data:x`])).toEqual({
    done: new Set(),
    links: new Map(),
  });
});
