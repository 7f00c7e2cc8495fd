// The Scores tab's small reads on the kit in memory: the chart of the selected row's
// site from `Score history`, and the comparison chart of a brand above its competitors.
import { compareWith } from '../../src/addon/compareChart';
import { siteHistoryWith } from '../../src/addon/siteHistory';
import { COMPARISON_SHEET } from '../../src/domain/compare';
import { memoryFile, memoryKit } from '../../dev/memoryKit';
import { chartsOn } from '../../dev/memoryTables';
import { brand, FakeTransport, json } from './fakes';

const DAY = 86_400_000;

/** A list with Nike's row, 120 daily readings of nike.com in `Score history`, and `a1` selected. */
function world(a1: string, row: unknown[] = ['Nike', 'https://www.nike.com/', 70]) {
  const file = memoryFile('scores-tab');
  file.sheets.set('Prospects', [['Company', 'Website', 'Public score'], row]);
  file.view = { sheet: 'Prospects', a1 };
  const kit = memoryKit({ file });
  kit.history.append(
    Array.from({ length: 120 }, (_, i) => ({
      source: 'score',
      website: 'nike.com',
      slug: 'nike',
      score: i % 90,
      lastScanned: new Date(Date.UTC(2026, 0, 1) + i * DAY),
    })),
  );
  return { kit, file };
}

describe('the selected row’s chart', () => {
  it.each([
    ['the website cell itself', 'B2'],
    ['another cell of its row', 'A2'],
    ['its score', 'C2'],
  ])('from %s: the row’s site, its last 100 readings', (_, a1) => {
    const h = siteHistoryWith(world(a1).kit);
    expect(h.site).toBe('nike.com');
    expect(h.points).toHaveLength(100);
    expect(h.points.at(-1)).toEqual({
      at: new Date(Date.UTC(2026, 0, 1) + 119 * DAY).toISOString(),
      score: 119 % 90,
    });
  });

  it('no selection, or a row without a website: no site and no points', () => {
    const none = world('');
    none.file.view = { sheet: null, a1: '' };
    expect(siteHistoryWith(none.kit)).toEqual({ site: null, points: [] });
    expect(siteHistoryWith(world('A2', ['Acme', '', '']).kit)).toEqual({ site: null, points: [] });
  });
});

describe('the comparison chart', () => {
  const compared = (
    selected: string[],
    answer = (r: { url: string }) => {
      const domain = decodeURIComponent(r.url.split('url=')[1] ?? '');
      return domain === 'unknown.com'
        ? json(404, { error: 'Brand not found', code: 'NOT_FOUND' })
        : json(200, brand(domain, domain.length));
    },
  ) => {
    const file = memoryFile('compare');
    file.sheets.set('Prospects', [['Website'], ...selected.map((s) => [s])]);
    file.view = { sheet: 'Prospects', a1: `A2:A${selected.length + 1}` };
    const transport = new FakeTransport(answer);
    const kit = memoryKit({ file, transport, baseUrl: 'https://svc.example' });
    const drawn = () => file.sheets.get(COMPARISON_SHEET);
    return { kit, file, transport, drawn };
  };

  it('draws the brand against its competitors in one round trip, takes the person there, and says the way back', () => {
    const { kit, file, transport, drawn } = compared([
      'nike.com',
      'adidas.com',
      'https://puma.com',
      'nike.com',
    ]);
    const r = compareWith(kit);
    expect(r).toMatchObject({ state: 'done', backTo: { sheetName: 'Prospects', a1: 'A2:A5' } });
    expect(transport.batches).toHaveLength(1);
    expect(transport.sent).toBe(3);
    expect(drawn()).toHaveLength(4);
    expect(chartsOn(drawn()!)).toHaveLength(1);
    expect(file.view.sheet).toBe(COMPARISON_SHEET);
  });

  it('one website only: asks nothing, draws nothing', () => {
    const { kit, transport, drawn } = compared(['nike.com', '', 'not a site']);
    expect(compareWith(kit)).toMatchObject({ state: 'nothing', backTo: null });
    expect([transport.sent, drawn()]).toEqual([0, undefined]);
  });

  it('a brand not in the index is said, and nothing drawn', () => {
    const { kit, drawn } = compared(['unknown.com', 'adidas.com']);
    expect(compareWith(kit)).toMatchObject({ state: 'refused', backTo: null });
    expect(drawn()).toBeUndefined();
  });
});
