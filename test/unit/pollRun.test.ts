// Polling pending previews on the platform kit in memory: the lists, the service's answers by uuid,
// the person's record of whose previews are whose.
import type { HttpResponse, Transport } from '../../src/api/http';
import { memoryFile, memoryKit, type MemoryFile } from '../../dev/memoryKit';
import { adoptWith, pollWith } from '../../src/addon/previewPolling';
import { idKey } from '../../src/domain/previewJobs';
import { UNKNOWN_ID_MESSAGE } from '../../src/domain/previewOwners';

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
const FILE = 'poll-file';
const ANN = 'ann@example.com';

const list = () => [
  [...HEAD],
  ['nike.com', 'pending', '', U1, long, ANN],
  ['slack.com', 'pending', '', U2, long, 'ben@example.com'],
  ['zoom.us', 'pending', '', U3, long, ''],
];

type Answer = { status: number; body: unknown } | undefined;
const done = (score: number): Answer => ({
  status: 200,
  body: { status: 'complete', overallScore: score },
});
const pending: Answer = { status: 200, body: { status: 'pending' } };
const unknown: Answer = { status: 404, body: { error: 'not found' } };

/** The service as `answer` by uuid (undefined: no answer, a dropped connection). */
function service(answer: (uuid: string) => Answer): Transport {
  return {
    fetchAll: (requests) =>
      requests.map((r): HttpResponse => {
        const a = answer(new URL(r.url).searchParams.get('uuid') ?? '');
        return a
          ? { status: a.status, headers: {}, body: JSON.stringify(a.body) }
          : { status: 0, headers: {}, body: '' };
      }),
  };
}

function world(
  grid: unknown[][],
  answer: (uuid: string) => Answer,
  options: { now?: number; quotaLeft?: number } = {},
) {
  const file: MemoryFile = memoryFile(FILE);
  file.sheets.set('Prospects', grid);
  const kit = memoryKit({
    transport: service(answer),
    apiKey: 'key',
    email: ANN,
    file,
    now: options.now ?? Date.UTC(2026, 10, 26, 10),
    ...(options.quotaLeft === undefined ? {} : { quotaLeft: options.quotaLeft }),
  });
  const column = (header: string) => {
    const [head, ...rows] = file.sheets.get('Prospects')!;
    return rows.map((r) => r[head!.indexOf(header)]);
  };
  const asked = () => kit.sent.map((r) => new URL(r.url).searchParams.get('uuid'));
  const record = (what: 'mine' | 'asked') =>
    (kit.properties.get(`vis.${what}.${FILE}`) ?? '').split(' ').filter(Boolean);
  const heard = (who: string) => file.records.get(`vis.heard.${who}`);
  return { kit, file, column, asked, record, heard };
}

it('asks about its own previews only, writes what completed, and records it', () => {
  const w = world(list(), (u) => (u === U1 ? done(88) : undefined));
  w.kit.properties.set(`vis.mine.${FILE}`, idKey(U1));
  w.file.records.set('vis.heard.ben@example.com', String(long.getTime()));
  const r = pollWith(w.kit);
  expect(w.asked()).toEqual([U1]);
  expect(w.column('Preview status')).toEqual(['complete', 'pending', 'pending']);
  expect(w.column('Preview scan score')[0]).toBe(88);
  expect(r).toMatchObject({ complete: 1, pending: 2, busy: false, asked: 1 });
  expect(w.file.sheets.get('Score history')).toHaveLength(2);
  // Ben's preview waits on Ben; Ann's is settled and leaves her record.
  expect(r.waitingOnOthers).toEqual([{ by: 'ben@example.com', count: 1 }]);
  expect(w.record('mine')).toEqual([]);
  // Nothing of Ann's is left pending: the hourly run lets the document go.
  expect(w.file.work.has('previews')).toBe(false);
});

it('names what just completed as the list does, where it has a Company column', () => {
  const grid = list().map((r, i) => [...r, i === 0 ? 'Company' : i === 1 ? ' Nike Inc. ' : '']);
  const w = world(grid, (u) => (u === U1 ? done(88) : undefined));
  w.kit.properties.set(`vis.mine.${FILE}`, idKey(U1));
  expect(pollWith(w.kit).justCompleted).toEqual([
    { sheet: 'Prospects', row: 2, name: 'Nike Inc.', score: 88 },
  ]);
});

it('asks about a preview again only once it is due: the time it was asked is kept in the cache', () => {
  const w = world(list(), () => pending);
  w.kit.properties.set(`vis.mine.${FILE}`, idKey(U1));
  pollWith(w.kit);
  pollWith(w.kit);
  expect(w.asked()).toEqual([U1]);
  // The cache forgets: the preview is asked about a little sooner, never lost.
  w.kit.evictCache();
  pollWith(w.kit);
  expect(w.asked()).toEqual([U1, U1]);
});

describe('IDs nobody’s record knows', () => {
  const MADE_UP = (n: number) => `${n.toString(16).padStart(8, '0')}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`;
  // An editor pastes 300 rows of invented IDs, nobody named or a made-up maker dated 2020.
  const pasted = () => [
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
  ];

  it('are never asked about by any poll: each row says so once, and nothing is "nobody’s"', () => {
    const w = world(pasted(), () => done(1));
    const written: number[] = [];
    const write = w.kit.tables.write.bind(w.kit.tables);
    w.kit.tables.write = ((name, columns, patches) => {
      written.push(patches.size);
      write(name, columns, patches);
    }) as typeof write;
    const r = pollWith(w.kit);
    expect(w.asked()).toEqual([]);
    expect(r).toMatchObject({ asked: 0, unadopted: { rows: 300, ids: 300 }, stranded: [] });
    expect(new Set(w.column('Preview message'))).toEqual(new Set([UNKNOWN_ID_MESSAGE]));
    expect(w.file.work.has('previews')).toBe(false);
    // Said once: a second poll writes nothing and still asks nothing.
    pollWith(w.kit);
    expect(w.asked()).toEqual([]);
    expect(written).toEqual([300]);
  });

  it('are asked about once when the person adopts them: what the key knows becomes theirs', () => {
    const knows = new Set([MADE_UP(0), MADE_UP(1)]);
    const w = world(pasted(), (u) => (knows.has(u) ? pending : unknown));
    const r = adoptWith(w.kit);
    expect(w.asked()).toHaveLength(300);
    expect(r.unadopted).toEqual({ rows: 0, ids: 0 });
    expect(w.record('mine').sort()).toEqual([...knows].map(idKey).sort());
    expect(w.record('asked')).toHaveLength(298);
    // Ann's poll now asks about the two her key made, and nothing else, ever.
    expect(r.stranded).toEqual([{ sheet: 'Prospects', by: '', count: 298, heard: null }]);
    w.kit.sent.length = 0;
    w.kit.advance(20_000);
    pollWith(w.kit);
    expect(w.asked().sort()).toEqual([...knows].sort());
  });
});

it('with no requests left today, nothing is asked and nothing changes', () => {
  const w = world(list(), () => done(1), { quotaLeft: 0 });
  w.kit.properties.set(`vis.mine.${FILE}`, idKey(U1));
  pollWith(w.kit);
  expect(w.asked()).toEqual([]);
  expect(w.column('Preview status')).toEqual(['pending', 'pending', 'pending']);
});

it('another run holding the document: busy, and the person’s record untouched', () => {
  const w = world(list(), () => done(1));
  w.kit.properties.set(`vis.mine.${FILE}`, idKey(U1));
  w.file.lock.held = true;
  expect(pollWith(w.kit)).toMatchObject({ busy: true, asked: 1 });
  expect(w.column('Preview status')).toEqual(['pending', 'pending', 'pending']);
  expect([...w.record('mine'), ...w.record('asked')]).toEqual([idKey(U1)]);
});

it('says the person is here at most hourly, and lists a gone teammate’s previews as nobody’s', () => {
  const day = 24 * 3600 * 1000;
  const now = long.getTime() + 9 * day;
  const w = world(list(), () => undefined, { now });
  // Ben last polled here 8 days ago; the rows were requested 9 days before this poll.
  w.file.records.set('vis.heard.ben@example.com', String(now - 8 * day));
  const r = pollWith(w.kit);
  expect(w.heard(ANN)).toBe(String(now));
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
  w.file.records.set(`vis.heard.${ANN}`, String(now - 30 * 60_000));
  pollWith(w.kit);
  expect(w.heard(ANN)).toBe(String(now - 30 * 60_000));
});

it('finds the lists again under the lock only when answers came: sorted meanwhile, each lands in its row', () => {
  const w = world(list(), (u) => (u === U1 ? done(70) : undefined));
  w.kit.properties.set(`vis.mine.${FILE}`, idKey(U1));
  const find = w.kit.tables.find.bind(w.kit.tables);
  let finds = 0;
  w.kit.tables.find = ((...args: Parameters<typeof find>) => {
    finds++;
    // Someone sorts the list while the service is asked.
    if (finds === 2) {
      const [head, ...rows] = w.file.sheets.get('Prospects')!;
      w.file.sheets.set('Prospects', [head!, ...rows.reverse()]);
    }
    return find(...args);
  }) as typeof find;
  pollWith(w.kit);
  expect(finds).toBe(2);
  expect(w.column('Website')).toEqual(['zoom.us', 'slack.com', 'nike.com']);
  expect(w.column('Preview scan score')).toEqual(['', '', 70]);
  finds = 0;
  w.kit.properties.set(`vis.mine.${FILE}`, '');
  pollWith(w.kit);
  expect(finds).toBe(1);
});
