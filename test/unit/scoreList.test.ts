import type { BrandScore } from '../../src/api/client';
import {
  isDue,
  NO_WEBSITE,
  planScoring,
  rankMovers,
  readingKey,
  scoreOptions,
  scorePatch,
  scoreProblemPatch,
  scoreSummary,
  NO_ROWS,
} from '../../src/domain/scoreList';

const DAY = 24 * 3600 * 1000;
const NOW = Date.parse('2026-11-23T00:00:00Z');
const RUN = NOW - 1000;

const brand: BrandScore = {
  brandName: '=Evil Co',
  slug: 'evil',
  overallScore: 64,
  visibilityLevel: null,
  platformScores: { chatgpt: 70, claude: null, gemini: 0, aio: 40 },
  lastScanDate: '2026-11-01T00:00:00Z',
  brandPageUrl: 'javascript:alert(1)',
  said: '',
};

describe('refresh policy', () => {
  const row = (checked: unknown, message = '') => ({ row: 2, website: 'a.com', checked, message });
  it.each([
    ['missing', row(''), true],
    ['missing', row(new Date(NOW - 30 * DAY)), false],
    ['stale', row(new Date(NOW - 8 * DAY)), true],
    ['stale', row(new Date(NOW - 6 * DAY)), false],
    ['stale', row(new Date(NOW - DAY), 'error: the service sent an unexpected answer'), true],
    ['all', row(new Date(NOW - DAY)), true],
    // Checked by this run already: a continued run never fetches it twice.
    ['all', row(new Date(RUN + 10)), false],
  ] as const)('%s: %p is due: %p', (refresh, r, due) => {
    expect(isDue(r, scoreOptions({ refresh, staleDays: 7 }), NOW, RUN)).toBe(due);
  });

  it('defaults to stale after 7 days and ignores nonsense', () => {
    expect(scoreOptions(undefined)).toEqual({ refresh: 'stale', staleDays: 7 });
    expect(scoreOptions({ refresh: 'sometimes', staleDays: -3 })).toEqual({
      refresh: 'stale',
      staleDays: 7,
    });
  });

  it('plans one fetch per distinct site, with its rows, and counts the rest', () => {
    const plan = planScoring(
      [
        { row: 2, website: 'a.com', checked: '', message: '' },
        { row: 3, website: 'https://www.a.com/x', checked: '', message: '' },
        { row: 4, website: '', checked: '', message: '' },
        { row: 5, website: 'nope', checked: '', message: '' },
        { row: 6, website: 'b.com', checked: new Date(NOW - DAY), message: '' },
      ],
      scoreOptions({ refresh: 'stale' }),
      NOW,
      RUN,
    );
    expect([...plan.due]).toEqual([['a.com', [2, 3]]]);
    expect([plan.rows, plan.distinct, plan.fresh, plan.blank, plan.invalid.length]).toEqual([
      4, 2, 1, 1, 1,
    ]);
  });

  it('says so on a company’s row with no website yet; a row with nothing in it stays blank', () => {
    const plan = planScoring(
      [
        { row: 2, website: '', checked: '', message: '', others: true },
        { row: 3, website: '', checked: '', message: '', others: false },
      ],
      scoreOptions({ refresh: 'stale' }),
      NOW,
      RUN,
    );
    expect(plan.invalid).toEqual([{ row: 2, message: NO_WEBSITE }]);
    expect([plan.rows, plan.blank]).toEqual([1, 1]);
  });
});

describe('row values', () => {
  it('are values with text escaped, blank engines that were not queried, and the change', () => {
    const now = new Date(NOW);
    const patch = scorePatch(brand, 50, now);
    expect(patch).toMatchObject({
      score: 64,
      level: 'strong',
      chatgpt: 70,
      claude: '',
      gemini: 0,
      brand: "'=Evil Co",
      change: 14,
      message: '',
    });
    expect(scorePatch(brand, '', now).change).toBe('');
    expect(scoreProblemPatch({ code: 'NOT_FOUND', message: 'x' } as never, now)).toMatchObject({
      message: 'not in index',
      score: '',
    });
  });

  it('records a brand once per scan date, a preview once per uuid', () => {
    const a = readingKey({ source: 'score', slug: 'evil', lastScanned: new Date(1000) });
    expect(a).toBe(readingKey({ source: 'score', slug: 'evil', lastScanned: new Date(1000) }));
    expect(a).not.toBe(readingKey({ source: 'score', slug: 'evil', lastScanned: new Date(2000) }));
    expect(readingKey({ source: 'preview', reference: 'u1', checked: new Date(1) })).toBe(
      readingKey({ source: 'preview', reference: 'u1', checked: new Date(2) }),
    );
  });

  it('lists the largest moves first and leaves out rows that did not move', () => {
    const m = (change: number) => ({
      sheet: 's',
      row: 1,
      website: 'w',
      brand: 'b',
      from: 0,
      to: change,
      change,
    });
    expect(rankMovers([m(3), m(-20), m(0), m(20), m(-5)], 3).map((x) => x.change)).toEqual([
      20, -20, -5,
    ]);
  });
});

describe('the run in words', () => {
  const summary = (rows: Partial<typeof NO_ROWS>, previewable = rows.notInIndex ?? 0) =>
    scoreSummary({
      rows: { ...NO_ROWS, ...rows },
      fresh: 0,
      moved: 0,
      failure: null,
      previewable,
      historyTrimmed: 0,
      historyLimit: 'cap',
    });

  it('offers previews only for rows no preview serves yet', () => {
    expect(summary({ notInIndex: 29 }, 0)).toBe(
      '29 rows: 29 not in the public index. Their previews are in the list (Preview columns).',
    );
    expect(summary({ notInIndex: 29 }, 4)).toContain('press "Generate previews for these 4 rows".');
  });

  it.each([
    [
      { scored: 3, notInIndex: 1 },
      '4 rows: 3 scored, 1 not in the public index.',
      'Generate a preview for this row',
    ],
    [
      { scored: 33, notInIndex: 20, notWebsite: 1 },
      '54 rows: 33 scored, 20 not in the public index, 1 not a website address.',
      'Generate previews for these 20 rows',
    ],
    [
      { notInIndex: 1_200 },
      '1,200 rows: 1,200 not in the public index.',
      'Generate previews for these 1,200 rows',
    ],
  ])('%o: "%s", and names the button as it reads ("%s")', (rows, head, button) => {
    const text = summary(rows);
    expect(text.startsWith(head)).toBe(true);
    expect(text).toContain(`press "${button}".`);
  });

  it('names no preview button when every row is in the index', () => {
    expect(summary({ scored: 4 })).toBe('4 rows: 4 scored.');
  });
});
