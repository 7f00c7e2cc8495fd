// The Scores tab's small reads through their ports, in memory: the chart of the selected row's
// site from `Score history`, and the comparison chart of a brand above its competitors.
import { compareWith } from '../../src/addon/compareChart';
import { siteHistoryWith } from '../../src/addon/siteHistory';
import type { ActiveCell } from '../../src/addon/siteHistory';
import type { ComparePorts } from '../../src/addon/compareChart';
import type { ReportPoint } from '../../src/domain/report';
import { brand, FakeCache, FakeClock, FakeTransport, json } from './fakes';

const HEAD = ['Company', 'Website', 'Public score'];
const ROW = ['Nike', 'https://www.nike.com/', 70];
const cell = (value: unknown, row = ROW): ActiveCell => ({
  value,
  headers: HEAD,
  inRow: (column) => row[column - 1],
});
const readings = (site: string): ReportPoint[] =>
  site === 'nike.com'
    ? Array.from({ length: 120 }, (_, i) => ({
        at: Date.UTC(2026, 0, 1) + i * 86_400_000,
        score: i,
        engines: {},
      }))
    : [];

describe('the selected row’s chart', () => {
  it.each([
    ['the website cell itself', 'nike.com'],
    ['another cell of its row', 'Nike'],
    ['its score', 70],
  ])('from %s: the row’s site, its last 100 readings', (_, value) => {
    const h = siteHistoryWith({ active: () => cell(value), readings });
    expect(h.site).toBe('nike.com');
    expect(h.points).toHaveLength(100);
    expect(h.points.at(-1)).toEqual({
      at: new Date(readings('nike.com')[119]!.at).toISOString(),
      score: 119,
    });
  });

  it('no selection, or a row without a website: no site and nothing read', () => {
    let read = 0;
    const counting = (site: string) => (read++, readings(site));
    expect(siteHistoryWith({ active: () => null, readings: counting })).toEqual({
      site: null,
      points: [],
    });
    const blank = cell('Acme', ['Acme', '', '']);
    expect(siteHistoryWith({ active: () => blank, readings: counting }).site).toBeNull();
    expect(read).toBe(0);
  });
});

describe('the comparison chart', () => {
  const ports = (
    selected: unknown[],
    answer = (r: { url: string }) => {
      const domain = decodeURIComponent(r.url.split('url=')[1] ?? '');
      return domain === 'unknown.com'
        ? json(404, { error: 'Brand not found', code: 'NOT_FOUND' })
        : json(200, brand(domain, domain.length));
    },
  ) => {
    const clock = new FakeClock();
    const transport = new FakeTransport(answer, clock);
    const drawn: unknown[][][] = [];
    const p: ComparePorts = {
      selected: () => selected,
      lookups: () => ({ transport, cache: new FakeCache(), clock, deadline: Infinity }),
      baseUrl: 'https://svc.example',
      place: () => ({ sheetName: 'Prospects', a1: 'B2:B4' }),
      draw: (data) => void drawn.push(data),
    };
    return { p, transport, drawn };
  };

  it('draws the brand against its competitors in one round trip, and says the way back', () => {
    const { p, transport, drawn } = ports([
      'nike.com',
      'adidas.com',
      'https://puma.com',
      'nike.com',
    ]);
    const r = compareWith(p);
    expect(r).toMatchObject({ state: 'done', backTo: { sheetName: 'Prospects', a1: 'B2:B4' } });
    expect(transport.batches).toHaveLength(1);
    expect(transport.sent).toBe(3);
    expect(drawn).toHaveLength(1);
    expect(drawn[0]!.length).toBe(4);
  });

  it('one website only: asks nothing, draws nothing', () => {
    const { p, transport, drawn } = ports(['nike.com', '', 'not a site']);
    expect(compareWith(p)).toMatchObject({ state: 'nothing', backTo: null });
    expect([transport.sent, drawn.length]).toEqual([0, 0]);
  });

  it('a brand not in the index is said, and nothing drawn', () => {
    const { p, drawn } = ports(['unknown.com', 'adidas.com']);
    expect(compareWith(p)).toMatchObject({ state: 'refused', backTo: null });
    expect(drawn).toEqual([]);
  });
});
