import { competitionRanks, COMPARE_HEADERS, gap, visCompare } from '../../src/domain/compare';
import type { FormulaEnv } from '../../src/domain/formulaEngine';
import { FakeCache, FakeClock, FakeTransport, json } from './fakes';

/** Brands by domain: overall score and engines (null: not queried). */
const INDEX: Record<string, { s: number; chatgpt: number | null; claude: number | null }> = {
  'me.com': { s: 50, chatgpt: 40, claude: null },
  'a.com': { s: 80, chatgpt: 0, claude: 30 },
  'b.com': { s: 60, chatgpt: 70, claude: 10 },
  'c.com': { s: 60, chatgpt: null, claude: 20 },
  'd.com': { s: 20, chatgpt: 40, claude: 0 },
};

function world() {
  const clock = new FakeClock();
  const transport = new FakeTransport((r) => {
    const domain = decodeURIComponent(r.url.split('url=')[1] ?? '')
      .replace(/^https:\/\//, '')
      .replace(/\/$/, '');
    const b = INDEX[domain];
    if (!b) return json(404, { error: 'Brand not found', code: 'NOT_FOUND' });
    const engine = (v: number | null) => (v === null ? { queried: false, score: null } : v);
    return json(200, {
      brandName: domain,
      slug: domain.replace('.', '-'),
      overallScore: b.s,
      platformScores: { chatgpt: engine(b.chatgpt), claude: engine(b.claude) },
    });
  }, clock);
  const env: FormulaEnv = {
    config: { baseUrl: 'https://svc.example' },
    keyAllowed: false,
    deps: { transport, cache: new FakeCache(), clock, deadline: clock.now() + 20000 },
  };
  return { env, transport };
}

describe('VIS_COMPARE', () => {
  it('ranks with ties sharing a place, gaps per engine, duplicates once, and row messages', () => {
    const { env, transport } = world();
    const out = visCompare(
      'https://www.me.com/about',
      [
        ['a.com'],
        ['b.com'],
        [''],
        ['c.com'],
        ['https://b.com/x'],
        ['nowhere.com'],
        ['not a site'],
        ['d.com'],
      ],
      true,
      '',
      env,
    );
    expect(out[0]).toEqual(COMPARE_HEADERS);
    // Scores among the brand and distinct competitors: 80, 60, 60, 50, 20 → ranks 1, 2, 2, 4, 5.
    expect(out.slice(1)).toEqual([
      [80, 1, 30, -40, '', '', ''],
      [60, 2, 10, 30, '', '', ''],
      ['', '', '', '', '', '', ''],
      [60, 2, 10, '', '', '', ''],
      [60, 2, 10, 30, '', '', ''],
      ['not in index', '', '', '', '', '', ''],
      ['error: not a website: write an address like example.com', '', '', '', '', '', ''],
      [20, 5, -30, 0, '', '', ''],
    ]);
    // One request per distinct site, the brand included.
    expect(transport.sent).toBe(6);
    visCompare('me.com', [['a.com'], ['d.com']], false, '', env);
    expect(transport.sent).toBe(6);
  });

  it('says on every non-blank row when the brand itself cannot be compared', () => {
    const { env } = world();
    expect(visCompare('unknown.com', [['a.com'], [''], ['b.com']], false, '', env)).toEqual([
      [
        'error: the brand unknown.com is not in the index, so there is nothing to compare with: check its address',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
      ['', '', '', '', '', '', ''],
      [
        'error: the brand unknown.com is not in the index, so there is nothing to compare with: check its address',
        '',
        '',
        '',
        '',
        '',
        '',
      ],
    ]);
    expect(visCompare('Acme Inc', [['a.com']], false, '', env)[0]![0]).toBe(
      'error: the brand "Acme Inc" is not a website: put its address in the first argument',
    );
  });

  it('ranks 1, 2, 2, 4 and leaves an engine gap blank unless both sides were queried', () => {
    expect([90, 80, 80, 70].map((s) => competitionRanks([90, 80, 80, 70]).get(s))).toEqual([
      1, 2, 2, 4,
    ]);
    expect([gap(0, 40), gap(null, 40), gap(10, null), gap(0, 0)]).toEqual([-40, '', '', 0]);
  });
});
