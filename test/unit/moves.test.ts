// A row's move, overall and per engine, weighed against the readings before it, and the Evidence
// cell that says what the score rests on (issue 64).
import type { BrandScore } from '../../src/api/client';
import type { Outcome } from '../../src/domain/resolver';
import type { ReportPoint } from '../../src/domain/report';
import { evidenceText } from '../../src/domain/evidence';
import { applyOutcomes, moveOf, movingSites, type RowLookup } from '../../src/domain/scoreList';
import { DEFAULT_SWING, weigh } from '../../src/domain/swing';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const brand = (over: Partial<BrandScore> = {}): BrandScore => ({
  brandName: 'Acme',
  slug: 'acme',
  overallScore: 60,
  visibilityLevel: null,
  platformScores: { chatgpt: 70, claude: 50, gemini: null, aio: 40 },
  lastScanDate: '2026-11-25T09:00:00Z',
  brandPageUrl: null,
  said: '',
  ...over,
});
const point = (score: number, chatgpt = 70): ReportPoint => ({
  at: 0,
  score,
  engines: { chatgpt, claude: 50, aio: 40 },
});

describe('a row’s move', () => {
  const engines = { chatgpt: 70, claude: 50, gemini: '', aio: 40 };

  it('is none without an earlier score', () => {
    expect(moveOf(brand(), '', engines, null)).toBeUndefined();
  });

  it('names each engine that moved, never one not queried before or now', () => {
    const move = moveOf(brand(), 50, { ...engines, chatgpt: 55, gemini: 30 }, null);
    expect(move).toEqual({
      change: 10,
      engines: [{ engine: 'ChatGPT', from: 55, to: 70, change: 15 }],
    });
  });

  it('weighs the overall move and each engine’s against their own readings', () => {
    const earlier = [point(50, 40), point(52, 60), point(50, 40), point(52, 60)];
    const move = moveOf(brand(), 50, { ...engines, chatgpt: 40 }, earlier)!;
    expect(move.swing).toEqual({ usual: '2', unusual: true, own: true, readings: 4 });
    // ChatGPT swings by 20 every reading: +30 is within its band (30 ≤ 2 × 20).
    expect(move.engines?.[0]?.swing).toEqual({
      usual: '20',
      unusual: false,
      own: true,
      readings: 4,
    });
  });

  it('uses the default band until a brand has readings enough', () => {
    expect(weigh(2 * DEFAULT_SWING, [50, 51])).toEqual({
      usual: String(DEFAULT_SWING),
      unusual: false,
      own: false,
      readings: 2,
    });
    expect(weigh(2 * DEFAULT_SWING + 1, []).unusual).toBe(true);
  });
});

describe('the sites a run reads earlier readings for', () => {
  const rows: RowLookup = {
    sheet: 'P',
    previous: (row) => ({ 2: 60, 3: 60, 4: '', 5: 61 })[row],
    previousEngines: (row) =>
      row === 3 ? { chatgpt: 10, claude: 50, aio: 40 } : { chatgpt: 70, claude: 50, aio: 40 },
    lastScanned: () => '',
  };
  const plan = {
    due: new Map([
      ['held.com', [2]],
      ['engine.com', [3]],
      ['first.com', [4]],
      ['moved.com', [5]],
      ['failed.com', [2]],
    ]),
    ...{ rows: 5, distinct: 5, fresh: 0, invalid: [], blank: 0 },
  };
  const outcomes = new Map<string, Outcome<BrandScore>>([
    ...['held.com', 'engine.com', 'first.com', 'moved.com'].map(
      (s) => [s, { kind: 'value', value: brand() }] as const,
    ),
    ['failed.com', { kind: 'error', error: { code: 'SERVER', message: 'x' } } as never],
  ]);

  it('are those whose score or an engine moved: a held score reads nothing', () => {
    expect(movingSites(plan, outcomes, rows)).toEqual(['engine.com', 'moved.com']);
  });

  it('give each row an Evidence cell and each mover its weighed move', () => {
    const earlier = new Map([['moved.com', [point(60), point(61), point(60), point(61)]]]);
    const out = applyOutcomes(plan, outcomes, new Date(NOW), rows, { earlier });
    expect(out.patches.get(5)?.evidence).toBe(
      'Scan 2026-11-25, 2 days old; 3 of 4 engines answered, Gemini not queried; -1 within its usual swing of 1 (4 readings)',
    );
    expect(out.patches.get(4)?.evidence).toBe(
      'Scan 2026-11-25, 2 days old; 3 of 4 engines answered, Gemini not queried',
    );
    // Each mover is named by the host the add-on checked, whatever its row's cell says.
    expect(out.movers.map((m) => m.website).sort()).toEqual([
      'engine.com',
      'held.com',
      'moved.com',
    ]);
    const moved = out.movers.find((m) => m.website === 'moved.com');
    expect(moved?.change).toBe(-1);
    expect(moved?.swing?.own).toBe(true);
    expect(moved?.evidence).toBe(out.patches.get(5)?.evidence);
  });

  it('a run that does not weigh says the move without a verdict', () => {
    const out = applyOutcomes(plan, outcomes, new Date(NOW), rows, { earlier: null });
    expect(out.patches.get(5)?.evidence).toMatch(/; moved -1$/);
    expect(out.movers.every((m) => m.swing === undefined)).toBe(true);
  });
});

describe('the Evidence cell', () => {
  const at = (lastScanDate: string | null) =>
    evidenceText({ brand: brand({ lastScanDate } as Partial<BrandScore>), now: NOW });

  // The scan's age is a fact, never "stale": how often a row is checked is the list's policy.
  it.each([
    ['a recent scan', '2026-11-26T09:00:00Z', /^Scan 2026-11-26, 1 day old;/],
    ['an old scan, said as its age', '2026-10-01T00:00:00Z', /^Scan 2026-10-01, 57 days old;/],
    ['a reading with no scan date says so', null, /^Scan not dated;/],
  ])('%s', (_name, date, expected) => {
    expect(at(date)).toMatch(expected);
    expect(at(date)).not.toMatch(/stale/i);
  });

  it('says an engine not queried by name, never as 0', () => {
    const text = evidenceText({
      brand: brand({ platformScores: { chatgpt: 0, claude: null, gemini: null, aio: 10 } }),
      now: NOW,
    });
    expect(text).toContain('2 of 4 engines answered, Claude, Gemini not queried');
  });

  it('names an engine only where its move is unusual', () => {
    const move = {
      change: 1,
      swing: weigh(1, [60, 61, 60, 61]),
      engines: [
        { engine: 'ChatGPT', from: 40, to: 70, change: 30, swing: weigh(30, [40, 42, 40, 42]) },
        { engine: 'Claude', from: 40, to: 41, change: 1, swing: weigh(1, [40, 42, 40, 42]) },
      ],
    };
    const text = evidenceText({ brand: brand(), now: NOW, move });
    expect(text).toMatch(/; unusual on ChatGPT \+30$/);
    expect(text).not.toContain('Claude +1');
  });

  it('never starts like a formula', () => {
    expect(at(null).startsWith('=')).toBe(false);
  });
});
