import { needsAutoRetry, readRescan, rescanCell } from '../../src/domain/scanWatch';
import { serviceError } from '../../src/api/errors';
import {
  BAD_URL,
  createdPatch,
  errorPatch,
  planGeneration,
  pollPatch,
  UNANSWERED,
  type RowState,
} from '../../src/domain/previewJobs';
import {
  contiguousRuns,
  findColumns,
  planMissingColumns,
  PREVIEW_HEADERS,
} from '../../src/domain/table';

const row = (n: number, website: unknown, extra: Partial<RowState> = {}): RowState => ({
  row: n,
  website,
  uuid: '',
  status: '',
  reportUrl: '',
  requested: '',
  ...extra,
});

describe('planGeneration', () => {
  it('sends each new site once (rows left without an answer again), reuses previews of the sheet, and skips what must not be sent', () => {
    const selection = [
      row(2, 'a.com'),
      row(3, 'https://www.a.com/x'),
      row(4, ''),
      row(5, 'not a site'),
      row(6, 'b.com', { uuid: 'u-b' }),
      row(7, 'c.com'),
      row(8, 'd.com', { status: UNANSWERED }),
      row(9, 'still bad', { status: BAD_URL }),
    ];
    const sheet = [...selection, row(20, 'c.com', { uuid: 'u-c', reportUrl: 'https://r/c' })];
    const plan = planGeneration(selection, sheet);
    expect(plan.send).toEqual([
      { domain: 'a.com', url: 'https://a.com/', rows: [2, 3] },
      { domain: 'd.com', url: 'https://d.com/', rows: [8] },
    ]);
    expect(plan.reuse.map((r) => [r.row, r.from.uuid])).toEqual([[7, 'u-c']]);
    expect(plan.invalid.map((r) => r.row)).toEqual([5]);
    expect([plan.alreadyHavePreview, plan.blank, plan.retried, plan.flagged]).toEqual([1, 1, 1, 1]);
  });
});

describe('row patches', () => {
  it('escape service text and drop non-http links', () => {
    expect(createdPatch('=u', 'javascript:alert(1)', '')).toEqual({
      uuid: "'=u",
      status: 'pending',
      reportUrl: '',
      message: '',
      requested: '',
    });
    expect(
      pollPatch({
        status: 'complete',
        overallScore: 40,
        knowledgeScore: null,
        sentimentScore: 3,
        agentSiteUrl: 'data:x',
        brandName: null,
      }),
    ).toMatchObject({
      status: 'complete',
      score: 40,
      knowledge: '',
      agentSite: '',
    });
    expect(
      pollPatch({
        status: 'pending',
        overallScore: null,
        knowledgeScore: null,
        sentimentScore: null,
        agentSiteUrl: null,
        brandName: null,
      }),
    ).toBeNull();
    expect(
      pollPatch({
        status: 'expired',
        overallScore: null,
        knowledgeScore: null,
        sentimentScore: null,
        agentSiteUrl: null,
        brandName: null,
      })!.status,
    ).toBe('failed');
  });
  it('say what happened, with a filterable status', () => {
    expect(errorPatch(serviceError('NETWORK')).status).toBe(UNANSWERED);
    expect(errorPatch(serviceError('SERVER_ERROR')).status).toBe('error: service error');
    expect(errorPatch({ local: 'not a website' })).toEqual({
      status: BAD_URL,
      message: 'not a website',
    });
  });
});

describe('table model', () => {
  it('finds columns by header text whatever their order, and plans the missing at the right', () => {
    const found = findColumns(
      ['Website', ' preview uuid ', 'Notes', 'Preview status'],
      PREVIEW_HEADERS,
    );
    expect([found.uuid, found.status, found.reportUrl]).toEqual([2, 4, 0]);
    const { columns, added } = planMissingColumns(found, PREVIEW_HEADERS, 4);
    expect(added.map((a) => a.column)).toEqual([5, 6, 7, 8, 9, 10, 11]);
    expect(columns.reportUrl).toBe(5);
    expect(contiguousRuns(Object.values(columns))).toEqual([
      { start: 2, width: 1 },
      { start: 4, width: 8 },
    ]);
  });
});

describe('scan watch', () => {
  it('reads back the rescan cell it writes, and retries a fresh failure once', () => {
    const at = new Date('2026-11-22T10:00:00Z');
    expect(readRescan(rescanCell(at, false))).toEqual({ at, retried: false });
    expect(readRescan(rescanCell(at, true))).toEqual({ at, retried: true });
    expect(readRescan('')).toBeNull();
    const failedLater = {
      state: 'failed' as const,
      scanDate: '2026-11-22T10:05:00Z',
    };
    const failedBefore = { ...failedLater, scanDate: '2026-11-22T09:00:00Z' };
    expect(needsAutoRetry(failedLater, { at, retried: false })).toBe(true);
    expect(needsAutoRetry(failedLater, { at, retried: true })).toBe(false);
    expect(needsAutoRetry(failedBefore, { at, retried: false })).toBe(false);
    expect(needsAutoRetry(failedLater, null)).toBe(false);
  });
});
