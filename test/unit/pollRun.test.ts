// Polling pending previews through the document's ports, in memory: the lists, the service's
// answers by uuid, the person's record of whose previews are whose.
import { pollWith } from '../../src/addon/previewPolling';
import { idKey } from '../../src/domain/previewOwners';
import { FakeSheet, fakePollPorts } from './fakes';

const U1 = '11111111-1111-4111-8111-111111111111';
const U2 = '22222222-2222-4222-8222-222222222222';
const U3 = '33333333-3333-4333-8333-333333333333';
const HEAD = [
  'Website',
  'Preview status',
  'Visibility score',
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

it('asks about its own and unnamed previews only, writes what completed, and records it', () => {
  const sheet = list();
  const { ports, asked, record, pending, readings } = fakePollPorts({ Prospects: sheet }, (u) =>
    u === U1 ? done(88) : undefined,
  );
  record.mine.add(idKey(U1));
  const r = pollWith(ports);
  expect(asked).toEqual([[U1, U3]]);
  expect(sheet.column('Preview status')).toEqual(['complete', 'pending', 'pending']);
  expect(sheet.column('Visibility score')[0]).toBe(88);
  expect(r).toMatchObject({ complete: 1, pending: 2, busy: false, asked: 2 });
  expect(readings).toHaveLength(1);
  // Ben's preview waits on Ben; Ann's is settled and leaves her record.
  expect(r.waitingOnOthers).toEqual([{ by: 'ben@example.com', count: 1 }]);
  expect(record.mine.has(idKey(U1))).toBe(false);
  expect(pending.at(-1)).toBe(1);
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
  expect(pollWith(ports)).toMatchObject({ busy: true, asked: 2 });
  expect(sheet.column('Preview status')).toEqual(['pending', 'pending', 'pending']);
  expect(record.mine.size + record.asked.size).toBe(0);
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
