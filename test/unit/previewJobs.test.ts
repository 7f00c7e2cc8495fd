import { serviceError } from '../../src/api/errors';
import {
  BAD_URL,
  createdPatch,
  errorPatch,
  isRetryable,
  markResending,
  planGeneration,
  pollPatch,
  retrySelection,
  UNANSWERED,
} from '../../src/domain/previewJobs';
import { localPatches, reusedIds } from '../../src/domain/generationRun';
import { presserOf, rowState as row } from './fakes';

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
    const lender = row(20, 'c.com', {
      uuid: 'u-c',
      reportUrl: 'https://r/c',
      requestedBy: 'me@x.example',
    });
    const plan = planGeneration(
      selection,
      [...selection, lender],
      presserOf('me@x.example', 'u-c'),
    );
    expect(plan.send).toEqual([
      { domain: 'a.com', url: 'https://a.com/', rows: [2, 3] },
      { domain: 'd.com', url: 'https://d.com/', rows: [8] },
    ]);
    expect(plan.reuse.map((r) => [r.row, r.from.uuid])).toEqual([[7, 'u-c']]);
    expect(plan.invalid.map((r) => r.row)).toEqual([5]);
    expect([plan.alreadyHavePreview, plan.blank, plan.retried, plan.flagged]).toEqual([1, 1, 1, 1]);
  });
});

describe('planGeneration: which row lends its preview to another row of its site', () => {
  const ME = 'ana@x.example';
  const BEN = 'ben@x.example';
  // The row that would lend, whether the presser's own record knows its ID, and whether the
  // pressed row reuses its preview or sends its own.
  it.each([
    ['the presser’s own, completed', { requestedBy: ME, status: 'complete' }, true, 'reuse'],
    [
      'the presser’s own, its Requested by typed over',
      { requestedBy: BEN, status: 'complete' },
      true,
      'reuse',
    ],
    [
      'one naming the presser that their record does not know (an ID pasted beside their address)',
      { requestedBy: ME, status: 'complete' },
      false,
      'send',
    ],
    ['the same, reading pending', { requestedBy: ME, status: 'pending' }, false, 'send'],
    [
      'one nobody is named for (an ID pasted from anywhere)',
      { requestedBy: '', status: 'pending' },
      false,
      'send',
    ],
    ['a teammate’s, still pending', { requestedBy: BEN, status: 'pending' }, false, 'reuse'],
    [
      'a teammate’s, completed (their record let it go)',
      { requestedBy: BEN, status: 'complete' },
      false,
      'send',
    ],
    ['a teammate’s, its status typed over', { requestedBy: BEN, status: 'mine' }, false, 'send'],
  ])('%s', (_, lender, known, expected) => {
    const sheet = [row(2, 'same.com', { uuid: 'U-1', ...lender }), row(3, 'https://www.same.com/')];
    const plan = planGeneration([sheet[1]!], sheet, known ? presserOf(ME, 'u-1') : presserOf(ME));
    expect(plan.reuse.length ? 'reuse' : plan.send.length ? 'send' : 'none').toBe(expected);
    expect(reusedIds(plan, presserOf(ME, ...(known ? ['u-1'] : [])))).toEqual(known ? ['U-1'] : []);
  });

  it('a teammate’s completed row does not hide the presser’s own preview of the site in a later row', () => {
    const sheet = [
      row(2, 'same.com', { uuid: 'u-ben', requestedBy: BEN, status: 'complete' }),
      row(3, 'same.com', { uuid: 'u-ana', requestedBy: ME, status: 'pending' }),
      row(4, 'same.com'),
    ];
    expect(
      planGeneration([sheet[2]!], sheet, presserOf(ME, 'u-ana')).reuse.map((r) => r.from.uuid),
    ).toEqual(['u-ana']);
  });
});

describe('row patches', () => {
  it('escape service text and drop non-http links', () => {
    expect(createdPatch('=u', 'javascript:alert(1)', '', '@ana')).toEqual({
      uuid: "'=u",
      status: 'pending',
      reportUrl: '',
      message: '',
      requested: '',
      requestedBy: "'@ana",
    });
    expect(
      pollPatch({
        status: 'complete',
        overallScore: 40,
        knowledgeScore: null,
        sentimentScore: 3,
        agentSiteUrl: 'data:x',
        brandName: null,
        reportUrl: null,
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
        reportUrl: null,
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
        reportUrl: null,
      })!.status,
    ).toBe('failed');
  });
  it('say what happened, with a filterable status', () => {
    expect(errorPatch(serviceError('NETWORK')).status).toBe(UNANSWERED);
    // Too slow to answer: the row says the service may have made it, and that a second send
    // may make a second one.
    expect(errorPatch(serviceError('TIMED_OUT'))).toEqual({
      status: UNANSWERED,
      message: expect.stringMatching(/may have made this preview anyway: it was not sent again/),
    });
    expect(errorPatch(serviceError('SERVER_ERROR')).status).toBe('error: service error');
    expect(errorPatch({ local: 'not a website' })).toEqual({
      status: BAD_URL,
      message: 'not a website',
    });
  });
});

describe('isRetryable: the rows Retry sends again', () => {
  it.each([
    ['failed', true],
    ['error: service error', true],
    ['error: no answer', true],
    ['error: refused', true],
    ['error: bad URL', false],
    ['pending', false],
    ['complete', false],
    ['', false],
  ])('%s: %s', (status, expected) => {
    expect(isRetryable(status)).toBe(expected);
  });
});

describe('retrySelection', () => {
  const at = (r: number, status: string, uuid = '') => ({
    row: r,
    website: `site-${r}.com`,
    uuid,
    status,
    requestedBy: '',
    reportUrl: '',
    requested: '' as const,
  });
  it('takes exactly the failed rows that may succeed again, wherever they are, their failed preview not counted', () => {
    const rows = [
      at(2, 'error: service error'),
      at(3, 'pending', 'u3'),
      at(4, 'failed', 'u4'),
      at(5, 'error: bad URL'),
      at(6, ''),
      at(7, 'error: no answer'),
    ];
    const { selection, sheet } = retrySelection(rows);
    expect(selection.map((r) => [r.row, r.uuid])).toEqual([
      [2, ''],
      [4, ''],
      [7, ''],
    ]);
    expect(sheet.map((r) => r.row)).toEqual([3, 5, 6]);
  });
});

describe('markResending', () => {
  it('marks the rows of a lost send being sent again as unanswered, leaving a row the trip settled', () => {
    const patches = new Map([[3, createdPatch('u-3', null, '', 'me@x.example')]]);
    markResending(patches, [{ rows: [2, 3] }, { rows: [4] }, { rows: [5] }], [0, 2]);
    expect([...patches.keys()].sort()).toEqual([2, 3, 5]);
    expect(patches.get(2)).toMatchObject({ status: UNANSWERED });
    expect(patches.get(3)).toMatchObject({ uuid: 'u-3' });
    expect(isRetryable(patches.get(5)!.status)).toBe(true);
  });
});

describe('a reused preview’s link', () => {
  it('is not copied from the other row’s cell; the poll writes the service’s when it completes', () => {
    const sheet = [
      row(2, 'acme.com', {
        uuid: 'u-1',
        status: 'pending',
        reportUrl: 'https://evil.example/x',
        requestedBy: 'me@x.example',
      }),
      row(3, 'https://acme.com/'),
    ];
    const plan = planGeneration([sheet[1]!], sheet, presserOf('me@x.example', 'u-1'));
    expect(localPatches(plan).get(3)).toMatchObject({ uuid: 'u-1', reportUrl: '' });
    const done = pollPatch({
      status: 'complete',
      overallScore: 40,
      knowledgeScore: null,
      sentimentScore: null,
      agentSiteUrl: null,
      brandName: null,
      reportUrl: 'https://app.example/partner/p/visibility-scan-preview/u-1',
    });
    expect(done).toMatchObject({
      reportUrl: 'https://app.example/partner/p/visibility-scan-preview/u-1',
    });
  });
});
