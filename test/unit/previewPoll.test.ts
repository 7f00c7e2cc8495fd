import type { PreviewPoll } from '../../src/api/client';
import { serviceError, type Result } from '../../src/api/errors';
import {
  answerPatch,
  companySpans,
  MAX_LISTED,
  namedByCompany,
  pollToast,
  settlePoll,
  tallyPreviews,
  unknownToMyKey,
  type PreviewRow,
} from '../../src/domain/previewPoll';
import type { Role } from '../../src/domain/previewOwners';

const poll = (status: string, overallScore: number | null = null): Result<PreviewPoll> => ({
  ok: true,
  value: {
    status,
    overallScore,
    knowledgeScore: null,
    sentimentScore: null,
    agentSiteUrl: null,
    brandName: `Brand ${overallScore}`,
    reportUrl: null,
  },
});
const row = (n: number, extra: Partial<PreviewRow> = {}): PreviewRow => ({
  sheet: 'Prospects',
  row: n,
  uuid: `u-${n}`,
  status: 'pending',
  score: '',
  message: '',
  website: `site${n}.com`,
  requestedBy: '',
  ...extra,
});
/** A row with the role the poll gave it (previewOwners.ts). */
const mine = (n: number, extra: Partial<PreviewRow> = {}) => ({
  ...row(n, extra),
  role: 'mine' as Role,
});
const now = new Date('2026-11-23T10:00:00Z');

describe('answerPatch: what one poll answer writes', () => {
  it.each([
    ['complete', poll('complete', 72), 'complete'],
    ['still pending', poll('pending'), null],
    ['another state', poll('expired'), 'failed'],
    ['a uuid the service does not know', { ok: false, error: serviceError('NOT_FOUND') }, 'failed'],
    [
      'a server error (asked again later)',
      { ok: false, error: serviceError('SERVER_ERROR') },
      null,
    ],
    ['no answer in the budget', undefined, null],
  ] as const)('%s', (_case, result, status) => {
    expect(answerPatch(result as Result<PreviewPoll> | undefined)?.status ?? null).toBe(status);
  });
});

describe('settlePoll', () => {
  it('writes every row of a uuid, records a reading and lists each completed row', () => {
    const rows = [mine(2), mine(3, { uuid: 'u-2' }), mine(4)];
    const out = settlePoll(rows, new Map([['u-2', poll('complete', 61)]]), now, 'ana@x.example');
    expect(out.patches.map((p) => p.at.row)).toEqual([2, 3]);
    expect(out.readings.map((r) => [r.website, r.score, r.reference])).toEqual([
      ['site2.com', 61, 'u-2'],
      ['site3.com', 61, 'u-2'],
    ]);
    expect(out.justCompleted).toEqual([
      { sheet: 'Prospects', row: 2, name: 'Brand 61', score: 61 },
      { sheet: 'Prospects', row: 3, name: 'Brand 61', score: 61 },
    ]);
    // In the person's words where the list names its companies; the service's name elsewhere.
    const company = (_: string, r: number) => (r === 3 ? ' Rosie’s Bakery ' : '');
    expect(namedByCompany(out.justCompleted, company).map((c) => c.name)).toEqual([
      'Brand 61',
      'Rosie’s Bakery',
    ]);
  });

  it(`lists at most ${MAX_LISTED} completed rows, and records every reading`, () => {
    const rows = Array.from({ length: MAX_LISTED + 5 }, (_, i) => mine(i + 2, { uuid: 'u' }));
    const out = settlePoll(rows, new Map([['u', poll('complete', 50)]]), now, 'ana@x.example');
    expect([out.justCompleted.length, out.readings.length]).toEqual([MAX_LISTED, MAX_LISTED + 5]);
  });
});

describe('unknownToMyKey: an unnamed preview is never asked about again only when the key does not know it', () => {
  it.each([
    ['pending', poll('pending'), false],
    // Complete now, and another row may share it later (Generate reusing it): that row asks again.
    ['complete', poll('complete', 70), false],
    ['not found', { ok: false, error: serviceError('NOT_FOUND') } as Result<PreviewPoll>, true],
    [
      'a server error',
      { ok: false, error: serviceError('SERVER_ERROR') } as Result<PreviewPoll>,
      false,
    ],
    ['no answer', undefined, false],
  ])('%s', (_, result, never) => {
    expect(unknownToMyKey(result)).toBe(never);
  });
});

describe('tallyPreviews', () => {
  it('counts by status and level, and names the failures', () => {
    const t = tallyPreviews([
      row(2),
      row(3, { status: '' }),
      row(4, { status: 'complete', score: 80 }),
      row(5, { status: 'complete', score: 10 }),
      row(6, { status: 'failed', message: 'expired' }),
      row(7, { uuid: '', status: 'error: bad URL', message: 'not a website' }),
      row(8, { uuid: '', status: '' }),
    ]);
    // The parts of the triggered add up to it; a row never sent is counted apart.
    expect([t.triggered, t.pending, t.complete, t.failed, t.notSent]).toEqual([5, 2, 2, 1, 1]);
    expect(t.pending + t.complete + t.failed).toBe(t.triggered);
    expect(Object.values(t.levels).reduce((a, b) => a + b, 0)).toBe(2);
    expect(t.errors).toEqual([
      { sheet: 'Prospects', row: 6, status: 'failed', message: 'expired' },
      { sheet: 'Prospects', row: 7, status: 'error: bad URL', message: 'not a website' },
    ]);
  });
});

describe("the menu's refresh toast", () => {
  const report = (r: {
    triggered?: number;
    pending?: number;
    complete?: number;
    busy?: boolean;
  }) => ({
    ...tallyPreviews([]),
    justCompleted: [],
    waitingOnOthers: [],
    stranded: [],
    unadopted: { rows: 0, ids: 0 },
    busy: false,
    asked: r.pending ?? 0,
    ...r,
  });

  it.each([
    [{}, /^No previews in this spreadsheet yet/],
    [{ busy: true }, /^Another run is writing to this spreadsheet/],
    [{ triggered: 3, complete: 3 }, /^3 complete, 0 pending, 0 failed: no preview is waiting\.$/],
    [
      { triggered: 3, pending: 1, complete: 2 },
      /^2 complete, 1 pending, 0 failed\. Checked 1 \(the rest are not due yet\): 1 request, 19,979 left today\.$/,
    ],
  ])('%o: %s', (r, text) => {
    expect(pollToast(report(r), 19_979)).toMatch(text);
  });
});

describe('companySpans: the Company cells read to name what just completed', () => {
  const at = (sheet: string, row: number) => ({ sheet, row, name: '', score: 1 });
  it.each([
    ['none completed: nothing read', [], []],
    ['one row', [at('A', 7)], [['A', { first: 7, last: 7 }]]],
    [
      'each list between its first and last row',
      [at('A', 9), at('B', 3), at('A', 4)],
      [
        ['A', { first: 4, last: 9 }],
        ['B', { first: 3, last: 3 }],
      ],
    ],
    ['rows 200 apart: not read (the name falls back)', [at('A', 2), at('A', 202)], []],
    ['rows 199 apart: read', [at('A', 2), at('A', 201)], [['A', { first: 2, last: 201 }]]],
  ] as const)('%s', (_case, completed, spans) => {
    expect([...companySpans([...completed])]).toEqual(spans);
  });
});
