import { ENGINES, PLATFORMS, type Platform } from '../../src/engines';

/** One value per engine, keyed as the header tables are. */
const byEngine = <T>(value: (p: Platform) => T): Record<Platform, T> =>
  Object.fromEntries(PLATFORMS.map((p) => [p, value(p)])) as Record<Platform, T>;
import { COMPARE_HEADERS, planChart } from '../../src/domain/compare';
import { BRAND_HEADERS } from '../../src/domain/formulas';
import { MONITOR_HEADERS } from '../../src/domain/scanWatch';
import { HISTORY_HEADERS } from '../../src/domain/table';
import { SCORE_HEADERS } from '../../src/domain/scoreColumns';
import type { BrandScore } from '../../src/api/client';

const labels = Object.values(ENGINES);

/** The engines' block in a header list: where the first label is, and the labels from there. */
function engineBlock(headers: string[], suffix = ''): string[] {
  const at = headers.indexOf(`${labels[0]}${suffix}`);
  return at < 0 ? [] : headers.slice(at, at + labels.length);
}

describe('the engine table is the one list of engines', () => {
  it.each([
    ['Score columns', Object.values(SCORE_HEADERS), ''],
    ['Score history', Object.values(HISTORY_HEADERS), ''],
    ['Scan monitor', Object.values(MONITOR_HEADERS), ''],
    ['VIS_BRAND', BRAND_HEADERS, ''],
    ['VIS_COMPARE', COMPARE_HEADERS, ' gap'],
  ])('%s shows every engine, in the table’s order', (_name, headers, suffix) => {
    expect(engineBlock(headers, suffix)).toEqual(labels.map((l) => `${l}${suffix}`));
  });

  it('keys the service’s platformScores fields as the spec names them, headed as users filter on', () => {
    // The spec's keys and DESIGN.md's column names: facts from outside the table, so a wrong
    // edit of ENGINES fails here.
    expect(PLATFORMS).toEqual(['chatgpt', 'claude', 'gemini', 'aio']);
    expect(PLATFORMS.map((p) => SCORE_HEADERS[p])).toEqual([
      'ChatGPT',
      'Claude',
      'Gemini',
      'AI Overviews',
    ]);
  });

  it('draws a chart with a column per engine', () => {
    const value = (overallScore: number) => ({
      kind: 'value' as const,
      value: {
        brandName: '',
        slug: '',
        overallScore,
        visibilityLevel: null,
        platformScores: byEngine(() => overallScore),
        lastScanDate: null,
        brandPageUrl: null,
        said: '',
      } satisfies BrandScore,
    });
    const plan = planChart(
      ['acme.com', 'rival.com'],
      new Map([
        ['acme.com', value(60)],
        ['rival.com', value(70)],
      ]),
    );
    expect(plan.state).toBe('done');
    if (plan.state !== 'done') return;
    expect(engineBlock(plan.data[0] as string[])).toEqual(labels);
    expect(plan.data.map((r) => r.slice(1, 3))).toEqual([
      ['Brand (yours)', 'Competitors'],
      [60, ''],
      ['', 70],
    ]);
  });
});
