// A lead watch's run on the memory kit: no runtime, no bundle, no emulator.
import { runLeads } from '../../src/addon/leadRun';
import { LEAD_STATUS, mailKey } from '../../src/domain/leads';
import { addressKey, dayNumber, entryText } from '../../src/domain/leadLedger';
import { RETRY_AFTER_MS } from '../../src/domain/leadRowLedger';
import type { RecordKind } from '../../src/kit/ports';
import { fakeLeadPorts, LEAD_WATCH } from './fakes';

const WATCH = LEAD_WATCH;
const T = (n: number) => new Date(Date.UTC(2026, 10, 26, 8, n));

const form = () => [
  ['Timestamp', 'Website', 'Email', 'Consent'],
  [T(1), 'nike.com', 'jo@nike.example', 'Yes'],
  [T(2), 'stripe.com', 'pat@stripe.example', 'No'],
  [T(3), 'slack.com', 'al@slack.example', 'Yes'],
];

/** Who each e-mail went to, in order. */
const to = (sent: Array<{ to: string[] }>) => sent.map((m) => m.to.join());

/** Runs `onLedger` as each e-mail is written to the owner's ledger, before it is kept. */
function onLedgerWrite(kit: ReturnType<typeof fakeLeadPorts>['kit'], onLedger: () => void) {
  const put = kit.records.mine.put;
  kit.records.mine.put = <T>(kind: RecordKind<T>, value: T, id?: string) => {
    if (kind.name === 'mailed') onLedger();
    put(kind, value, id);
  };
  return () => void (kit.records.mine.put = put);
}

it('makes each new row’s report, e-mails consenting leads, and says so on each row', () => {
  const { ports, sent, previewed, sheet } = fakeLeadPorts(form());
  const result = runLeads(ports, WATCH, 200)!;
  expect(previewed).toEqual([[2, 3, 4]]);
  expect(sheet.column('Lead status')).toEqual(['e-mailed', 'no consent', 'e-mailed']);
  expect(to(sent)).toEqual(['jo@nike.example', 'al@slack.example']);
  expect(sent[0]!.body).toContain('https://reports.example/r/2');
  expect(result.reports).toBe(3);
  // Run again: nothing is open, nothing is sent or asked.
  expect(runLeads(ports, WATCH, 200)).toBeNull();
  expect(previewed).toHaveLength(1);
});

it('finds its rows again when the sheet was sorted while its previews were sent', () => {
  const { ports, sheet } = fakeLeadPorts(form());
  const send = ports.previews;
  ports.previews = (rows, column) => {
    const answer = send(rows, column);
    // Sorted by website, Z to A, while the run waited for the service.
    const [head, ...lines] = sheet.rows;
    lines.sort((a, b) => String(b[1]).localeCompare(String(a[1])));
    sheet.rows = [head!, ...lines];
    return answer;
  };
  runLeads(ports, WATCH, 200);
  const bySite = Object.fromEntries(
    sheet.rows.slice(1).map((r) => [r[1], r[sheet.rows[0]!.indexOf('Lead status')]]),
  );
  expect(bySite).toEqual({
    'nike.com': 'e-mailed',
    'stripe.com': 'no consent',
    'slack.com': 'e-mailed',
  });
});

it('an e-mail refused when sent is taken off the record and said on its row', () => {
  const { ports, mailed, sheet } = fakeLeadPorts(form());
  const mail = ports.kit.outbox.mail;
  ports.kit.outbox.mail = (to, subject, body) => {
    if (to[0] === 'al@slack.example') throw new Error('Invalid email: al@slack.example');
    return mail(to, subject, body);
  };
  runLeads(ports, WATCH, 200);
  expect(sheet.column('Lead status')).toEqual([
    'e-mailed',
    'no consent',
    'error: Google refused this e-mail address',
  ]);
  expect([...mailed()]).toEqual([mailKey('jo@nike.example', 'nike.com')]);
});

it('without a key the rows wait, and nothing is asked of the service', () => {
  const { ports, previewed, sent, sheet } = fakeLeadPorts(form(), {}, { apiKey: null });
  runLeads(ports, WATCH, 200);
  expect(previewed).toEqual([]);
  expect(sent).toEqual([]);
  expect(new Set(sheet.column('Lead status'))).toEqual(
    new Set(['waits: no key saved in Settings']),
  );
});

it('the no-cost link needs no key: written to Report URL and e-mailed', () => {
  const { ports, previewed, sent, sheet } = fakeLeadPorts(form(), {}, { apiKey: null });
  runLeads(ports, { ...WATCH, mode: 'link' }, 200);
  expect(previewed).toEqual([]);
  expect(sheet.column('Report URL')[0]).toBe(
    `https://app.example/?report=${encodeURIComponent('https://nike.com/')}`,
  );
  expect(sent).toHaveLength(2);
});

it('a preview refused for the whole account leaves the rows waiting with its reason', () => {
  const { ports, sent, sheet } = fakeLeadPorts(form(), {
    previews: () => ({ refusal: 'the key was refused', links: new Map(), requests: 1 }),
  });
  runLeads(ports, WATCH, 200);
  expect(sheet.column('Lead status')).toEqual([
    'waits: the key was refused',
    'waits: the key was refused',
    'waits: the key was refused',
  ]);
  expect(sent).toEqual([]);
});

it('a flooded form: new rows past the day’s allowance are left untouched for tomorrow', () => {
  const { ports, sent, previewed, sheet } = fakeLeadPorts(form());
  const result = runLeads(ports, WATCH, 1)!;
  expect(previewed).toEqual([[2]]);
  expect(to(sent)).toEqual(['jo@nike.example']);
  expect(sheet.column('Lead status')).toEqual(['e-mailed', '', '']);
  expect(result.held).toBe(2);
  // The next day's run takes them.
  runLeads(ports, WATCH, 200);
  expect(sheet.column('Lead status')).toEqual(['e-mailed', 'no consent', 'e-mailed']);
});

it('records an e-mail in the owner’s ledger only once MailApp has sent it', () => {
  const { ports, kit, mailed } = fakeLeadPorts(form());
  const events: string[] = [];
  const send = kit.outbox.mail;
  kit.outbox.mail = (to, subject, body) => {
    events.push(`send ${to.join()}`);
    return send(to, subject, body);
  };
  onLedgerWrite(kit, () => void events.push(`record ${mailed().size}`));
  runLeads(ports, WATCH, 200);
  expect(events).toEqual(['send jo@nike.example', 'record 0', 'send al@slack.example', 'record 1']);
});

it('a run cut off after its first e-mail leaves the others to the next run, unrecorded', () => {
  const { ports, sent, mailed, sheet, kit } = fakeLeadPorts(form());
  // The platform stops the execution just after the first e-mail is recorded.
  const put = kit.records.mine.put;
  kit.records.mine.put = (kind, value, id) => {
    put(kind, value, id);
    if (kind.name === 'mailed') throw new CutOff();
  };
  expect(() => runLeads(ports, WATCH, 200)).toThrow(CutOff);
  expect(to(sent)).toEqual(['jo@nike.example']);
  expect([...mailed()]).toEqual([mailKey('jo@nike.example', 'nike.com')]);
  kit.records.mine.put = put;
  runLeads(ports, WATCH, 200);
  expect(to(sent)).toEqual(['jo@nike.example', 'al@slack.example']);
  expect(sheet.column('Lead status')).toEqual(['e-mailed before', 'no consent', 'e-mailed']);
});

it('asks the owner’s record again just before each e-mail: a watch in another of her files may have mailed that mailbox meanwhile', () => {
  const { ports, sent, sheet, kit, mailed } = fakeLeadPorts(form());
  const lock = kit.locks.mine;
  kit.locks.mine = (waitMs) => {
    // Her watch in another file mails jo (with a tag) three times while this run plans.
    if (!mailed().size)
      kit.properties.set(
        'vis.mailed.0',
        [0, 1, 2]
          .map((i) =>
            entryText({
              key: `0000000${i}`,
              to: addressKey('jo+other@nike.example'),
              day: dayNumber(Date.UTC(2026, 10, 26, 9)),
            }),
          )
          .join(' '),
      );
    return lock(waitMs);
  };
  runLeads(ports, WATCH, 200);
  expect(to(sent)).toEqual(['al@slack.example']);
  expect(sheet.column('Lead status')[0]).toBe(LEAD_STATUS.weekly);
});

/** The platform stopping the execution: nothing after it runs (not a refusal the run catches). */
class CutOff extends Error {}

it('a row pasted with its own Report URL is never e-mailed that link: it gets the no-cost link', () => {
  const { ports, sent } = fakeLeadPorts(
    [
      ['Timestamp', 'Website', 'Email', 'Consent', 'Preview status', 'Report URL', 'Preview UUID'],
      [
        T(1),
        'acme-target.com',
        'jo@acme.example',
        'Yes',
        'complete',
        'https://evil.example/x',
        'b3n',
      ],
    ],
    {
      // Generate reuses a row that holds a preview: nothing made, no link from the service.
      previews: () => ({ refusal: null, links: new Map(), requests: 0 }),
    },
  );
  runLeads(ports, WATCH, 200);
  expect(sent).toHaveLength(1);
  expect(sent[0]!.body).not.toContain('evil.example');
  expect(sent[0]!.body).toContain(
    `https://app.example/?report=${encodeURIComponent('https://acme-target.com/')}`,
  );
});

it('identical rows each get a status of their own, so none is handled again every hour', () => {
  const same = [T(1), 'acme.com', 'jo@acme.example', 'Yes'];
  const { ports, sent, sheet } = fakeLeadPorts([
    ['Timestamp', 'Website', 'Email', 'Consent'],
    [...same],
    [...same],
    [...same],
  ]);
  runLeads(ports, WATCH, 200);
  expect(sheet.column('Lead status')).toEqual(['e-mailed', 'e-mailed before', 'e-mailed before']);
  expect(sent).toHaveLength(1);
  expect(runLeads(ports, WATCH, 200)).toBeNull();
});

describe('the owner’s record, not the status cells, says which rows are handled', () => {
  it('a new row an editor marked "e-mailed" is still handled; an erased status is not handled again', () => {
    const { ports, sent, previewed, sheet, store } = fakeLeadPorts(form());
    // A watch saved by this version: its record began empty (no row was there before).
    store().rows.save(WATCH.id, { done: new Set(), links: new Map() });
    const status = sheet.rows[0]!.push('Lead status') - 1;
    sheet.rows[1]![status] = 'e-mailed';
    runLeads(ports, WATCH, 200);
    expect(to(sent)).toEqual(['jo@nike.example', 'al@slack.example']);
    for (const line of sheet.rows.slice(1)) line[status] = '';
    expect(runLeads(ports, WATCH, 200)).toBeNull();
    expect(previewed).toHaveLength(1);
  });

  it('a watch an earlier version ran takes its rows’ statuses as it left them, once', () => {
    const { ports, sent, sheet, store } = fakeLeadPorts(form());
    const status = sheet.rows[0]!.push('Lead status') - 1;
    sheet.rows[1]![status] = 'e-mailed';
    runLeads(ports, WATCH, 200);
    expect(to(sent)).toEqual(['al@slack.example']);
    expect(store().rows.read(WATCH.id)?.done.size).toBe(3);
  });

  it('a row whose e-mail waited gets the link its preview was given, not one its cell holds', () => {
    const { ports, sent, kit, sheet } = fakeLeadPorts(form());
    kit.setMailLeft(5);
    runLeads(ports, WATCH, 200);
    expect(sheet.column('Lead status')).toEqual([
      'waits to e-mail: the day’s e-mails are used, tomorrow',
      'no consent',
      'waits to e-mail: the day’s e-mails are used, tomorrow',
    ]);
    const link = sheet.rows[0]!.indexOf('Report URL');
    sheet.rows[1]![link] = 'https://evil.example/login';
    // Tomorrow: the preview is there already (Generate makes none), the e-mail goes.
    ports.previews = () => ({ refusal: null, links: new Map(), requests: 0 });
    kit.setMailLeft(100);
    runLeads(ports, WATCH, 200);
    expect(sent.map((m) => m.body)).toEqual([
      expect.stringContaining('https://reports.example/r/2'),
      expect.stringContaining('https://reports.example/r/4'),
    ]);
  });
});

describe('a lead whose preview got no answer', () => {
  const MINUTE = 60_000;
  /** A watch whose service gets no answer until `upAt` (ms on the run's clock), then makes a preview. */
  const outage = (upAt: number) => {
    const { ports, sent, sheet, kit, store } = fakeLeadPorts([
      ['Timestamp', 'Website', 'Email', 'Consent'],
      [T(1), 'nike.com', 'jo@nike.example', 'Yes'],
    ]);
    store().rows.save(WATCH.id, { done: new Set(), links: new Map() });
    let sends = 0;
    ports.previews = (rows) => {
      sends += rows.length;
      const head = sheet.rows[0]!;
      const col = (h: string) => (head.indexOf(h) + 1 || head.push(h)) - 1;
      const up = kit.account.now() >= upAt;
      for (const r of rows) {
        sheet.rows[r - 1]![col('Preview status')] = up ? 'pending' : 'error: no answer';
        sheet.rows[r - 1]![col('Preview UUID')] = up ? 'u-1' : '';
      }
      return {
        refusal: null,
        links: new Map(up ? [['u-1', 'https://r.example/nike']] : []),
        requests: rows.length,
      };
    };
    const status = () => String(sheet.column('Lead status')[0]);
    /** Runs once a minute (a burst of responses, the hourly run) for `minutes`. */
    const runFor = (minutes: number) => {
      for (let m = 0; m < minutes; m++, kit.advance(MINUTE)) runLeads(ports, WATCH, 200);
    };
    return { runFor, status, sent, sends: () => sends };
  };

  it('is tried again at growing waits through a 4-hour outage, then e-mailed once the service is back', () => {
    const start = Date.UTC(2026, 10, 26, 9);
    const o = outage(start + 4 * 60 * MINUTE);
    o.runFor(60);
    // A run a minute for the first hour: tries at 0, 2, 10 and 30 minutes, not sixty.
    expect(o.sends()).toBe(4);
    expect(o.status()).toMatch(/^waits: the service did not answer/);
    o.runFor(5 * 60);
    expect(o.status()).toBe('e-mailed');
    expect(to(o.sent)).toEqual(['jo@nike.example']);
  });

  it('says why only after three days of tries', () => {
    const o = outage(Infinity);
    o.runFor(71 * 60);
    expect(o.status()).toMatch(/^waits: the service did not answer/);
    o.runFor(2 * 60);
    expect(o.status()).toMatch(/^error: no answer/);
    expect(o.sends()).toBe(RETRY_AFTER_MS.length);
    expect(o.sent).toHaveLength(0);
  });
});
