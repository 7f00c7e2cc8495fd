import { serviceError, type Result } from '../../src/api/errors';
import type { PreviewCreated } from '../../src/api/client';
import {
  finalReport,
  fitToQuota,
  localPatches,
  withKeptAnswers,
  mayResend,
  POST_BATCHING,
  postBatching,
  selectionSummary,
  settleRoundTrip,
  type RunResult,
} from '../../src/domain/generationRun';
import { BAD_URL, planGeneration, UNANSWERED } from '../../src/domain/previewJobs';
import { presserOf, rowState as row } from './fakes';

const sites = (n: number) => Array.from({ length: n }, (_, i) => row(i + 2, `site${i}.com`));
const made = (uuid: string, warning?: string): Result<PreviewCreated> => ({
  ok: true,
  value: { uuid, reportUrl: `https://svc.example/r/${uuid}` } as PreviewCreated,
  ...(warning ? { warning } : {}),
});
const failed = (code: Parameters<typeof serviceError>[0]): Result<PreviewCreated> => ({
  ok: false,
  error: serviceError(code),
});
const where = { sheetName: 'Prospects', a1: 'A2:A9' };
const run = (extra: Partial<RunResult> = {}): RunResult => ({
  counts: { created: 0, reused: 0, failed: 0 },
  warning: null,
  settled: 0,
  refusal: null,
  requests: 0,
  ...extra,
});

describe('fitToQuota: what today’s URL fetches cover, less the polling reserve', () => {
  it.each([
    // quota left, sites, sent now, left for tomorrow
    [1000, 10, 10, 0],
    [505, 10, 5, 5],
    [500, 10, 0, 10],
    [100, 10, 0, 10],
  ])('with %i fetches left, %i sites: %i sent, %i tomorrow', (left, n, now, tomorrow) => {
    const plan = planGeneration(sites(n), []);
    const fit = fitToQuota(plan, left, 500);
    expect([fit.plan.send.length, fit.tomorrow]).toEqual([now, tomorrow]);
  });
});

describe('mayResend: only what the service refused before acting', () => {
  it.each([
    ['RATE_LIMITED', 429, true],
    ['SERVER_ERROR', 503, true],
    ['SERVER_ERROR', 500, false],
    ['NETWORK', 0, false],
    ['READ_ONLY', 403, false],
  ] as const)('%s %i: %s', (code, status, expected) => {
    expect(mayResend(serviceError(code, { status }))).toBe(expected);
  });
});

/** The person generating: the previews their key makes are theirs. */
const ME = 'ana@agency.example';

describe('settleRoundTrip', () => {
  const plan = planGeneration([row(2, 'a.com'), row(3, 'b.com'), row(4, 'a.com')], []);
  const at = new Date('2026-11-23T10:00:00Z');

  it('writes each answer into every row of its site, counts it, and keeps the first warning', () => {
    const trip = settleRoundTrip(
      plan.send,
      [made('u-a', 'slow today'), failed('INVALID_URL')],
      at,
      new Map(),
      ME,
    );
    expect(Object.fromEntries([...trip.patches].map(([r, p]) => [r, [p.status, p.uuid]]))).toEqual({
      2: ['pending', 'u-a'],
      4: ['pending', 'u-a'],
      3: ['error: bad URL', undefined],
    });
    // Counted by row: a.com's second row shares its preview, and the summary accounts for it.
    expect([trip.created, trip.repeats, trip.failed, trip.warning, trip.refusal]).toEqual([
      1,
      1,
      1,
      'slow today',
      null,
    ]);
    const twice = planGeneration([row(2, 'c.com'), row(3, 'c.com')], []);
    const lost = settleRoundTrip(twice.send, [failed('INVALID_URL')], at, new Map(), ME);
    expect([lost.created, lost.repeats, lost.failed]).toEqual([0, 0, 2]);
  });

  it.each(['READ_ONLY', 'PLAN_UPGRADE_REQUIRED', 'KEY_REFUSED'] as const)(
    'names an account-wide refusal (%s) and leaves its rows unsent; a row error is not one',
    (code) => {
      const trip = settleRoundTrip(plan.send, [made('u-a'), failed(code)], at, new Map(), ME);
      expect(trip.refusal?.code).toBe(code);
      expect([...trip.patches.keys()]).toEqual([2, 4]);
      expect([trip.created, trip.failed, trip.answered]).toEqual([1, 0, 1]);
      expect(
        settleRoundTrip(plan.send, [failed('SERVER_ERROR')], at, new Map(), ME).refusal,
      ).toBeNull();
    },
  );

  it('tells both rows when the service gives one id to two sites, in one trip or across the sheet', () => {
    const known = new Map<string, number[]>();
    const trip = settleRoundTrip(plan.send, [made('u-x'), made('U-X')], at, known, ME);
    expect(Object.fromEntries([...trip.patches].map(([r, p]) => [r, p.status]))).toEqual({
      2: 'error: duplicate ID',
      3: 'error: duplicate ID',
      4: 'error: duplicate ID',
    });
    expect(trip.patches.get(3)?.message).toMatch(/to row 2 too/);
    expect(trip.patches.get(2)?.message).toMatch(/to row 3 too/);
    expect([trip.created, trip.failed]).toEqual([1, 1]);
    const inSheet = planGeneration([row(5, 'c.com')], [row(9, 'z.com', { uuid: 'u-z' })]);
    const later = settleRoundTrip(inSheet.send, [made('u-z')], at, inSheet.known, ME);
    expect([later.patches.get(5)?.status, later.patches.get(9)?.status]).toEqual([
      'error: duplicate ID',
      'error: duplicate ID',
    ]);
  });

  it('marks a row with no answer so that Generate sends it again', () => {
    const trip = settleRoundTrip(plan.send, [failed('NETWORK')], at, new Map(), ME);
    expect(trip.patches.get(2)?.status).toBe(UNANSWERED);
  });
});

describe('localPatches: rows decided without a request', () => {
  it('marks bad URLs and copies the preview of a site already in the sheet', () => {
    const earlier = new Date('2026-11-20T00:00:00Z');
    const sheet = [
      row(10, 'a.com', {
        uuid: 'u-a',
        reportUrl: 'https://r/a',
        requested: earlier,
        requestedBy: ME,
      }),
    ];
    const plan = planGeneration(
      [row(2, 'a.com'), row(3, 'not a site')],
      sheet,
      presserOf(ME, 'u-a'),
    );
    const patches = localPatches(plan);
    expect(patches.get(2)).toMatchObject({ uuid: 'u-a', status: 'pending', requested: earlier });
    expect(patches.get(3)?.status).toBe('error: bad URL');
  });
});

describe('finalReport', () => {
  const plan = planGeneration(sites(4), []);
  const fit = { plan, tomorrow: 0, reserve: 500 };

  it.each([
    [
      'every site answered',
      run({ counts: { created: 4, reused: 0, failed: 0 }, settled: 4 }),
      'done',
      '4 rows: 4 previews started.',
    ],
    [
      'the budget ran out',
      run({ counts: { created: 1, reused: 0, failed: 0 }, settled: 1 }),
      'partial',
      '1 row: 1 preview started. 3 left: continuing…',
    ],
    [
      'a refusal after some were made',
      run({
        counts: { created: 2, reused: 0, failed: 1 },
        settled: 3,
        refusal: serviceError('READ_ONLY'),
      }),
      'refused',
      `${serviceError('READ_ONLY').message} 3 rows: 2 previews started, 1 with errors (their Preview status says why). 1 site was not sent: press Generate again once that is fixed, and only they are sent.`,
    ],
    [
      "a site listed twice: its second row shares the first one's preview, and the counts agree",
      run({ counts: { created: 3, reused: 1, failed: 0 }, settled: 4 }),
      'done',
      '4 rows: 3 previews started, 1 shares the preview of the same site in another row.',
    ],
  ])('%s', (_case, result, state, message) => {
    const r = finalReport(fit, result, where);
    expect([r.state, r.message]).toEqual([state, message]);
  });

  it('accounts for every row it was given, blank ones too', () => {
    const withBlank = planGeneration([...sites(2), row(4, '')], []);
    const r = finalReport(
      { plan: withBlank, tomorrow: 0, reserve: 500 },
      run({ counts: { created: 2, reused: 0, failed: 0 }, settled: 2 }),
      where,
    );
    expect(r.message).toBe('3 rows: 2 previews started, 1 blank.');
  });

  it('says when rows wait for tomorrow, and why', () => {
    const r = finalReport(
      { ...fit, tomorrow: 6 },
      run({ counts: { created: 4, reused: 0, failed: 0 }, settled: 4 }),
      where,
    );
    expect(r.leftForTomorrow).toBe(6);
    expect(r.message).toContain('6 rows were left for tomorrow');
    expect(r.message).toContain('500 are kept to finish previews already started');
  });

  it.each([
    [[row(2, 'a.com', { uuid: 'u' })], 'Every selected row already has a preview'],
    [[row(2, '')], 'No websites in the selection'],
  ])('says why nothing was sent', (selection, message) => {
    const r = finalReport(
      { plan: planGeneration(selection, []), tomorrow: 0, reserve: 500 },
      run(),
      where,
    );
    expect(r.state).toBe('nothing');
    expect(r.message).toContain(message);
  });
});

describe('the first batch of a Generate', () => {
  const HOUR = 3600 * 1000;
  const now = 10 * HOUR;
  it.each([
    ['no drop remembered', null, null, POST_BATCHING.firstBatch],
    ['a drop a minute ago', now - 60000, null, POST_BATCHING.sizeAfterLoss],
    ['a drop 59 minutes ago', now - 59 * 60000, null, POST_BATCHING.sizeAfterLoss],
    ['a drop an hour ago', now - HOUR, null, POST_BATCHING.firstBatch],
    ['a clean run reached 256', null, { size: 256, clean: 900 }, 256],
    [
      'a clean run reached 256, then a drop',
      now - 60000,
      { size: 256, clean: 900 },
      POST_BATCHING.sizeAfterLoss,
    ],
    [
      'a clean run reached past the most',
      null,
      { size: 5000, clean: 9000 },
      POST_BATCHING.maxBatch,
    ],
  ])('%s', (_, lastDrop, reached, first) => {
    const options = postBatching(lastDrop, reached, now);
    expect(options).toMatchObject({ ...POST_BATCHING, firstBatch: first });
    // A continued run counts the clean requests the run before it sent toward growing past 48.
    if (reached && !lastDrop) expect(options.cleanBefore).toBe(reached.clean);
  });
});

describe('the selection in words', () => {
  it('accounts for every filled row: with a preview, to send, repeating a site, not valid', () => {
    const sheetRows = [
      { ...row(2, 'kept.com'), uuid: 'u-1', requestedBy: ME },
      { ...row(3, 'also-kept.com'), uuid: 'u-2', requestedBy: ME },
      row(4, 'kept.com'), // reuses row 2's preview
      row(5, 'a.com'),
      row(6, 'b.com'),
      row(7, 'https://www.a.com/'), // the same site as row 5: sent once
      row(8, 'b.com'),
      row(9, 'c.com'),
      row(10, 'not a site'),
      { ...row(11, 'again not a site'), status: BAD_URL },
      row(12, ''),
    ];
    const s = selectionSummary(
      planGeneration(sheetRows, sheetRows, presserOf(ME, 'u-1', 'u-2')),
      { sheetName: 'L', a1: 'B2:B12' },
      11,
      100,
    );
    expect(s).toMatchObject({
      urls: 10,
      alreadyHavePreview: 3,
      willSend: 3,
      repeats: 2,
      invalid: 2,
    });
    expect(s.alreadyHavePreview + s.willSend + s.repeats + s.invalid).toBe(s.urls);
  });
});

describe('answers a cut-off run kept', () => {
  const state = (n: number, website: string, uuid = '') => ({
    row: n,
    website,
    uuid,
    status: uuid ? 'pending' : '',
    reportUrl: '',
    requested: '',
    requestedBy: '',
  });
  const kept = (domain: string, uuid: string) => ({
    domain,
    uuid,
    reportUrl: `https://r.example/${uuid}`,
    requested: 1000,
  });

  it('are written for their sites instead of a second POST; those in the sheet already are forgotten', () => {
    const sheet = [state(2, 'a.com'), state(3, 'b.com'), state(4, 'c.com', 'uuid-c')];
    const plan = planGeneration(sheet.slice(0, 2), sheet);
    const out = withKeptAnswers(
      plan,
      [kept('a.com', 'uuid-a'), kept('c.com', 'uuid-c'), kept('z.com', 'uuid-z')],
      'ann@example.com',
    );
    expect(out.plan.send.map((s) => s.domain)).toEqual(['b.com']);
    expect(out.plan.reuse).toEqual([
      expect.objectContaining({ row: 2, from: expect.objectContaining({ uuid: 'uuid-a' }) }),
    ]);
    expect(localPatches(out.plan).get(2)).toMatchObject({
      uuid: 'uuid-a',
      reportUrl: 'https://r.example/uuid-a',
    });
    expect(out.written).toEqual(['uuid-c']);
  });
});
