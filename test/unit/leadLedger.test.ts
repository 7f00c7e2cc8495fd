// The owner's record of lead e-mails: kept as text in user properties, nothing under 90 days forgotten.
import {
  addressKey,
  mailbox,
  dayNumber,
  entryText,
  LEDGER_DAYS,
  ledgerView,
  parseLedger,
  prunedLedger,
} from '../../src/domain/leadLedger';
import { parseWebsite } from '../../src/domain/website';

const TODAY = dayNumber(Date.UTC(2026, 10, 26));
const entry = (key: string, day: number, to = addressKey('jo@x.example')) => ({ key, to, day });

it('reads back what it wrote, and skips what is not an entry', () => {
  const entries = [entry('0123abcd', TODAY), entry('89abcdef', TODAY - 3, '')];
  const text = `${entries.map(entryText).join(' ')} junk <script> 0123abcd.zz.1`;
  expect(parseLedger(text)).toEqual(entries);
  expect(parseLedger(null)).toEqual([]);
});

it('drops entries only once they pass 90 days', () => {
  const kept = [entry('00000001', TODAY - LEDGER_DAYS + 1), entry('00000002', TODAY)];
  const old = entry('00000003', TODAY - LEDGER_DAYS);
  expect(prunedLedger([old, ...kept], TODAY)).toEqual(kept);
});

it('counts an address’s e-mails of the last 7 days, and the room left', () => {
  const view = ledgerView(
    [entry('00000001', TODAY - 6), entry('00000002', TODAY - 7), entry('00000003', TODAY, '')],
    TODAY,
    5,
  );
  expect(view.thisWeek.get(addressKey('jo@x.example'))).toBe(1);
  expect(view.thisWeek.get(addressKey('JO@x.example'))).toBe(1);
  expect(view.sent.has('00000002')).toBe(true);
  expect(view.room).toBe(2);
});

it.each(['acme\u200b.com', 'acme.com\u202e', '\u2066acme.com', 'ac\ufeffme.com'])(
  'a website with hidden characters (%j) is refused',
  (site) => {
    expect(parseWebsite(site)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/hidden characters/),
    });
  },
);

it.each([
  ['Victim+news@Gmail.com', 'victim@gmail.com'],
  ['v.i.c.t.i.m@gmail.com', 'victim@gmail.com'],
  ['vic.tim+2@googlemail.com', 'victim@gmail.com'],
  // Dots matter outside Gmail; a tag goes everywhere (most providers deliver name+tag to name).
  ['jo.smith+crm@acme.example', 'jo.smith@acme.example'],
  ['JO@ACME.EXAMPLE', 'jo@acme.example'],
  // Nothing left before the tag: the address as written.
  ['+tag@acme.example', '+tag@acme.example'],
])('the mailbox of %s is %s', (address, box) => {
  expect(mailbox(address)).toBe(box);
  expect(addressKey(address)).toBe(addressKey(box));
});
