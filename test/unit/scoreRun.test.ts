// Scoring a list into values through its ports, in memory: the public lookups answered by a fake
// transport, the list a fake sheet, the history a list of readings.
import { planList, scoreList } from '../../src/addon/scores';
import { scoreOptions } from '../../src/domain/scoreList';
import { brand, FakeSheet, fakeScorePorts, json } from './fakes';

const byDomain = (r: { url: string }) => {
  const domain = decodeURIComponent(r.url.split('url=')[1] ?? '');
  return domain.startsWith('known')
    ? json(200, brand(domain, domain.length * 5))
    : json(404, { error: 'Brand not found', code: 'NOT_FOUND' });
};

const list = () =>
  new FakeSheet([
    ['Company', 'Website'],
    ['Known', 'known.com'],
    ['Known again', 'https://www.known.com/'],
    ['Other', 'other.com'],
    ['Typo', 'not a site'],
  ]);

it('asks once per site, writes each row’s score as a value, and records the readings', () => {
  const sheet = list();
  const { ports, transport, history } = fakeScorePorts(sheet, byDomain);
  const r = scoreList(planList(ports, scoreOptions({ refresh: 'stale' }), null));
  expect(r.state).toBe('done');
  expect(transport.sent).toBe(2);
  expect(sheet.column('Public score').slice(0, 2)).toEqual([45, 45]);
  expect(sheet.column('Score message')[2]).toBe('not in index');
  expect(sheet.column('Score message')[3]).toMatch(/not a website/);
  expect(history).toHaveLength(1);
  // Asked again at once: every row is fresh, nothing is fetched.
  const again = scoreList(planList(ports, scoreOptions({ refresh: 'stale' }), null));
  expect(again.state).toBe('nothing');
  expect(transport.sent).toBe(2);
});

it('writes nothing and asks nothing without the permission to reach the service', () => {
  const sheet = list();
  const { ports, transport } = fakeScorePorts(sheet, byDomain, { granted: () => false });
  const r = scoreList(planList(ports, scoreOptions({ refresh: 'stale' }), null));
  expect(r.state).toBe('refused');
  expect(transport.sent).toBe(0);
  expect(sheet.rows[0]).toEqual(['Company', 'Website']);
});

it('another run holding the document: busy, the answers kept in the cache for the next press', () => {
  const sheet = list();
  const { ports, transport } = fakeScorePorts(sheet, byDomain, {
    lock: () => null,
  });
  expect(scoreList(planList(ports, scoreOptions({ refresh: 'stale' }), null)).state).toBe('busy');
  expect(sheet.rows[0]).toEqual(['Company', 'Website']);
  const free = fakeScorePorts(sheet, byDomain, { cache: ports.cache });
  scoreList(planList(free.ports, scoreOptions({ refresh: 'stale' }), null));
  expect(free.transport.sent).toBe(0);
  expect(transport.sent).toBe(2);
});

it('an earlier score an editor typed outside 0-100 makes no move and no alert', () => {
  const sheet = new FakeSheet([
    ['Company', 'Website', 'Public score'],
    ['Known', 'known.com', 1e308],
    ['Known too', 'known-too.com', 'URGENT: sign in at evil.example'],
    ['Known three', 'known-three.com', 10],
  ]);
  const { ports } = fakeScorePorts(sheet, byDomain);
  const r = scoreList(planList(ports, scoreOptions({ refresh: 'all' }), null));
  expect(r.movers.map((m) => [m.website, m.from])).toEqual([['known-three.com', 10]]);
  expect(sheet.column('Change').slice(0, 2)).toEqual(['', '']);
});
