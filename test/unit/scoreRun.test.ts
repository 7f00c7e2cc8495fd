// Scoring a list into values on the kit in memory: the public lookups answered by a fake
// transport, the list and `Score history` sheets of a memory spreadsheet.
import { planList, scoreList } from '../../src/addon/scores';
import { scoreOptions } from '../../src/domain/scoreList';
import { brand, fakeScorePorts, json } from './fakes';

const byDomain = (r: { url: string }) => {
  const domain = decodeURIComponent(r.url.split('url=')[1] ?? '');
  return domain.startsWith('known')
    ? json(200, brand(domain, domain.length * 5))
    : json(404, { error: 'Brand not found', code: 'NOT_FOUND' });
};

const LIST = [
  ['Company', 'Website'],
  ['Known', 'known.com'],
  ['Known again', 'https://www.known.com/'],
  ['Other', 'other.com'],
  ['Typo', 'not a site'],
];

const stale = () => scoreOptions({ refresh: 'stale' });

it('asks once per site, writes each row’s score as a value, and records the readings', () => {
  const { ports, transport, column, history } = fakeScorePorts(LIST, byDomain);
  const r = scoreList(planList(ports, stale(), null));
  expect(r.state).toBe('done');
  expect(transport.sent).toBe(2);
  expect(column('Public score').slice(0, 2)).toEqual([45, 45]);
  expect(column('Score message')[2]).toBe('not in index');
  expect(column('Score message')[3]).toMatch(/not a website/);
  expect(history()).toHaveLength(1);
  expect(r.scoresAt).toEqual({ sheetName: 'Prospects', a1: 'C2:C5' });
  // Asked again at once: every row is fresh, nothing is fetched.
  const again = scoreList(planList(ports, stale(), null));
  expect(again.state).toBe('nothing');
  expect(transport.sent).toBe(2);
});

it('writes nothing and asks nothing without the permission to reach the service', () => {
  const { ports, transport, header } = fakeScorePorts(LIST, byDomain, { missing: ['service'] });
  const r = scoreList(planList(ports, stale(), null));
  expect(r.state).toBe('refused');
  expect(transport.sent).toBe(0);
  expect(header()).toEqual(['Company', 'Website']);
});

it('another run holding the document: busy, the answers kept in the cache for the next press', () => {
  const busy = fakeScorePorts(LIST, byDomain);
  busy.file.lock.held = true;
  expect(scoreList(planList(busy.ports, stale(), null)).state).toBe('busy');
  expect(busy.header()).toEqual(['Company', 'Website']);
  busy.file.lock.held = false;
  const free = fakeScorePorts(LIST, byDomain, {}, busy.file);
  expect(scoreList(planList(free.ports, stale(), null)).state).toBe('done');
  expect(free.transport.sent).toBe(0);
  expect(busy.transport.sent).toBe(2);
});

it('an earlier score an editor typed outside 0-100 makes no move and no alert', () => {
  const { ports, column } = fakeScorePorts(
    [
      ['Company', 'Website', 'Public score'],
      ['Known', 'known.com', 1e308],
      ['Known too', 'known-too.com', 'URGENT: sign in at evil.example'],
      ['Known three', 'known-three.com', 10],
    ],
    byDomain,
  );
  const r = scoreList(planList(ports, scoreOptions({ refresh: 'all' }), null));
  expect(r.movers.map((m) => [m.website, m.from])).toEqual([['known-three.com', 10]]);
  expect(column('Change').slice(0, 2)).toEqual(['', '']);
});

it('a schedule’s run measures moves from its owner’s sealed readings, never from a cell an editor typed', () => {
  const scan = { score: 45, day: '2026-11-01' };
  const answer = (r: { url: string }) => {
    const domain = decodeURIComponent(r.url.split('url=')[1] ?? '');
    return json(200, { ...brand(domain, scan.score), lastScanDate: scan.day });
  };
  const owner = fakeScorePorts(LIST.slice(0, 2), answer);
  scoreList(planList(owner.ports, scoreOptions({ refresh: 'all' }), null));
  expect(owner.column('Public score')).toEqual([45]);
  // An editor types a score the owner's run never recorded; the service scans again.
  const grid = owner.file.sheets.get('Prospects')!;
  grid[1]![grid[0]!.indexOf('Public score')] = 90;
  Object.assign(scan, { score: 60, day: '2026-11-08' });
  owner.kit.advance(7 * 24 * 3600_000);
  const unattended = { ...owner.ports, unattended: true };
  const r = scoreList(planList(unattended, scoreOptions({ refresh: 'all' }), null));
  expect(r.movers.map((m) => [m.website, m.from, m.to])).toEqual([['known.com', 45, 60]]);
});
