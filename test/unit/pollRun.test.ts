// Polling pending previews through the document's ports, in memory: the lists, the service's
// answers by uuid, the person's record of whose previews are whose.
import { adoptWith, pollWith } from '../../src/addon/previewPolling';
import { idKey } from '../../src/domain/previewJobs';
import { UNKNOWN_ID_MESSAGE } from '../../src/domain/previewOwners';
import { FakeSheet, fakePollPorts } from './fakes';

const U1 = '11111111-1111-4111-8111-111111111111';
const U2 = '22222222-2222-4222-8222-222222222222';
const U3 = '33333333-3333-4333-8333-333333333333';
const HEAD = [
  'Website',
  'Preview status',
  'Preview scan score',
  'Preview UUID',
  'Requested',
  'Requested by',
];
const long = new Date(Date.UTC(2026, 10, 26, 9));

const list = () =>
  new FakeSheet([
    HEAD,
    ['nike.com', 'pending', '', U1, long, 'ann@example.com'],
    ['slack.com', 'pending', '', U2, long, 'ben@example.com'],
    ['zoom.us', 'pending', '', U3, long, ''],
  ]);

const done = (score: number) => ({
  ok: true as const,
  value: {
    status: 'complete',
    overallScore: score,
    knowledgeScore: null,
    sentimentScore: null,
    agentSiteUrl: null,
    brandName: null,
    reportUrl: null,
  },
});

it('asks about its own previews only, writes what completed, and records it', () => {
  const sheet = list();
  const { ports, asked, record, pending, readings } = fakePollPorts({ Prospects: sheet }, (u) =>
    u === U1 ? done(88) : undefined,
  );
  record.mine.add(idKey(U1));
  record.heard.set('ben@example.com', long.getTime());
  const r = pollWith(ports);
  expect(asked).toEqual([[U1]]);
  expect(sheet.column('Preview status')).toEqual(['complete', 'pending', 'pending']);
  expect(sheet.column('Preview scan score')[0]).toBe(88);
  expect(r).toMatchObject({ complete: 1, pending: 2, busy: false, asked: 1 });
  expect(readings).toHaveLength(1);
  // Ben's preview waits on Ben; Ann's is settled and leaves her record.
  expect(r.waitingOnOthers).toEqual([{ by: 'ben@example.com', count: 1 }]);
  expect(record.mine.has(idKey(U1))).toBe(false);
  // Nothing of Ann's is left pending: the hourly run lets the document go.
  expect(pending.at(-1)).toBe(0);
});

describe('IDs nobody’s record knows', () => {
  const MADE_UP = (n: number) => `${n.toString(16).padStart(8, '0')}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`;
  // An editor pastes 300 rows of invented IDs, nobody named or a made-up maker dated 2020.
  const pasted = () =>
    new FakeSheet([
      [...HEAD, 'Preview message'],
      ...Array.from({ length: 300 }, (_, i) => [
        `site-${i}.com`,
        'pending',
        '',
        MADE_UP(i),
        i % 2 ? new Date(Date.UTC(2020, 0, 1)) : '',
        i % 2 ? 'cam@example.com' : '',
        '',
      ]),
    ]);
  /** The rows each settle wrote. */
  const rowsWritten = (ports: ReturnType<typeof fakePollPorts>['ports']) => {
    const counts: number[] = [];
    const settle = ports.settle;
    ports.settle = (wait, reread, decide) => {
      const w = settle(wait, reread, decide);
      counts.push([...(w?.writes.values() ?? [])].reduce((n, m) => n + m.size, 0));
      return w;
    };
    return counts;
  };

  it('are never asked about by any poll: each row says so once, and nothing is "nobody’s"', () => {
    const sheet = pasted();
    const { ports, asked, pending } = fakePollPorts({ Prospects: sheet }, () => done(1));
    const written = rowsWritten(ports);
    const r = pollWith(ports);
    expect(asked).toEqual([]);
    expect(r).toMatchObject({ asked: 0, unadopted: { rows: 300, ids: 300 }, stranded: [] });
    expect(new Set(sheet.column('Preview message'))).toEqual(new Set([UNKNOWN_ID_MESSAGE]));
    expect(pending.at(-1)).toBe(0);
    // Said once: a second poll writes nothing and still asks nothing.
    pollWith(ports);
    expect(asked).toEqual([]);
    expect(written).toEqual([300, 0]);
  });

  it('are asked about once when the person adopts them: what the key knows becomes theirs', () => {
    const sheet = pasted();
    const knows = new Set([MADE_UP(0), MADE_UP(1)]);
    let now = Date.UTC(2026, 10, 26, 10);
    const { ports, asked, record } = fakePollPorts(
      { Prospects: sheet },
      (u) =>
        knows.has(u)
          ? { ...done(0), value: { ...done(0).value, status: 'pending', overallScore: null } }
          : { ok: false as const, error: { code: 'NOT_FOUND', message: 'unknown' } as never },
      undefined,
      { now: () => now },
    );
    const r = adoptWith(ports);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toHaveLength(300);
    expect(r.unadopted).toEqual({ rows: 0, ids: 0 });
    expect([...record.mine].sort()).toEqual([...knows].map(idKey).sort());
    expect(record.asked.size).toBe(298);
    // Ann's poll now asks about the two her key made, and nothing else, ever.
    expect(r.stranded).toEqual([{ sheet: 'Prospects', by: '', count: 298, heard: null }]);
    asked.length = 0;
    now += 20_000;
    pollWith(ports);
    expect(asked.flat().sort()).toEqual([...knows].sort());
  });
});

it('without the service allowed, nothing is asked and nothing changes', () => {
  const sheet = list();
  const { ports, asked } = fakePollPorts({ Prospects: sheet }, () => done(1), undefined, {
    mayAsk: false,
  });
  pollWith(ports);
  expect(asked).toEqual([]);
  expect(sheet.column('Preview status')).toEqual(['pending', 'pending', 'pending']);
});

it('another run holding the document: busy, and the person’s record untouched', () => {
  const sheet = list();
  const { ports, record } = fakePollPorts({ Prospects: sheet }, () => done(1), undefined, {
    busy: true,
  });
  record.mine.add(idKey(U1));
  expect(pollWith(ports)).toMatchObject({ busy: true, asked: 1 });
  expect(sheet.column('Preview status')).toEqual(['pending', 'pending', 'pending']);
  expect([...record.mine, ...record.asked]).toEqual([idKey(U1)]);
});

it('says the person is here at most hourly, and lists a gone teammate’s previews as nobody’s', () => {
  const day = 24 * 3600 * 1000;
  const now = long.getTime() + 9 * day;
  const { ports, record } = fakePollPorts({ Prospects: list() }, () => undefined, undefined, {
    now: () => now,
  });
  // Ben last polled here 8 days ago; the rows were requested 9 days before this poll.
  record.heard.set('ben@example.com', now - 8 * day);
  const r = pollWith(ports);
  expect(record.heard.get('ann@example.com')).toBe(now);
  expect(r.waitingOnOthers).toEqual([]);
  expect(r.stranded).toEqual([
    {
      sheet: 'Prospects',
      by: 'ben@example.com',
      count: 1,
      heard: new Date(now - 8 * day).toISOString(),
    },
  ]);
  // Within the hour, nothing is written again.
  record.heard.set('ann@example.com', now - 30 * 60_000);
  pollWith(ports);
  expect(record.heard.get('ann@example.com')).toBe(now - 30 * 60_000);
});

it('crosses into its ports three times a poll: one read, one ask, one settle under the lock', () => {
  const { ports } = fakePollPorts({ Prospects: list() }, (u) => (u === U1 ? done(70) : undefined));
  const calls: string[] = [];
  const counted = Object.fromEntries(
    Object.entries(ports).map(([name, f]) => [
      name,
      (...args: unknown[]) => (calls.push(name), (f as (...a: unknown[]) => unknown)(...args)),
    ]),
  ) as unknown as typeof ports;
  pollWith(counted);
  expect(calls).toEqual(['read', 'ask', 'settle']);
});
