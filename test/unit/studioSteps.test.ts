// Workspace Studio's steps decided on plain data: each service error's actionability and
// retryability, what a step's input may be, and what each answer gives the agent.
import type { BrandScore, PreviewCreated, PreviewPoll } from '../../src/api/client';
import { fail, ok, serviceError, type ErrorCode } from '../../src/api/errors';
import { mayResend } from '../../src/domain/generationRun';
import {
  createInput,
  createOutcome,
  previewIdInput,
  scoreOutcome,
  serviceStepError,
  waitOutcome,
  websiteInput,
} from '../../src/domain/studioSteps';

const UUID = '0b6f1c1e-7d7a-4c59-9d56-2f0e8f2d1a11';
const poll = (p: Partial<PreviewPoll>): PreviewPoll => ({
  status: 'complete',
  overallScore: 61,
  knowledgeScore: 70,
  sentimentScore: 52,
  agentSiteUrl: null,
  brandName: 'Bluebird',
  reportUrl: 'https://service.example.com/partner/t/visibility-scan-preview/' + UUID,
  ...p,
});
const errorOf = (o: ReturnType<typeof waitOutcome>) => ('error' in o ? o.error : null);

describe('a service error as Studio’s error', () => {
  it.each<[ErrorCode, number, boolean, boolean]>([
    ['KEY_MISSING', 401, true, false],
    ['KEY_REFUSED', 401, true, false],
    ['PLAN_UPGRADE_REQUIRED', 403, true, false],
    ['PARTNER_SCREENNAME_REQUIRED', 403, true, false],
    ['READ_ONLY', 403, true, false],
    ['INVALID_URL', 400, true, false],
    ['NOT_FOUND', 404, true, false],
    ['RATE_LIMITED', 429, false, true],
    ['SERVER_ERROR', 500, false, true],
    ['SERVER_ERROR', 503, false, true],
    ['NETWORK', 0, false, true],
    ['MALFORMED_RESPONSE', 200, false, true],
    ['UNAVAILABLE', 0, false, true],
    ['QUOTA_SPENT', 0, false, false],
    ['PERMISSION', 0, false, false],
    ['BAD_REQUEST', 400, false, false],
  ])('%s (%i): actionable %s, retryable %s', (code, status, actionable, retryable) => {
    const e = serviceStepError({ ...serviceError(code), status });
    expect(e.error).toMatchObject({ actionable, retryable });
    expect(e.error.message).toBe(serviceError(code).message);
  });

  it('sends a POST again only where the service refused before acting (429, 503)', () => {
    const retried = (status: number, code: ErrorCode) =>
      serviceStepError({ ...serviceError(code), status }, mayResend).error.retryable;
    expect([
      retried(429, 'RATE_LIMITED'),
      retried(503, 'SERVER_ERROR'),
      retried(500, 'SERVER_ERROR'),
    ]).toEqual([true, true, false]);
  });
});

describe('a step’s input', () => {
  it.each([
    [
      'acmeanalytics.com',
      { url: expect.stringContaining('acmeanalytics.com'), domain: 'acmeanalytics.com' },
    ],
    ['https://www.acmeanalytics.com/pricing', { domain: 'acmeanalytics.com' }],
  ])('%s is a website', (input, expected) => {
    expect(websiteInput(input)).toMatchObject(expected);
  });
  it.each([undefined, '', 'not a site', 'a.com, b.com'])(
    '%s is not, and Fix it says why',
    (input) => {
      expect(websiteInput(input)).toMatchObject({ error: { actionable: true, retryable: false } });
    },
  );
  it('asks for the key before the website when there is none', () => {
    expect(createInput('acmeanalytics.com', false)).toMatchObject({
      error: { message: expect.stringMatching(/API key/) },
    });
  });
  it.each([
    [UUID, true],
    [UUID.toUpperCase(), true],
    [' ' + UUID + ' ', true],
    ['12', false],
    ['', false],
    [undefined, false],
  ])('preview ID %s: %s', (input, good) => {
    expect('uuid' in previewIdInput(input)).toBe(good);
  });
});

describe('what an answer gives the agent', () => {
  it('a brand: its score and level, each engine, empty where not asked, never 0', () => {
    const brand: BrandScore = {
      brandName: 'Vertex <b>Coffee</b>',
      slug: 'vertex-coffee',
      overallScore: 36,
      visibilityLevel: null,
      platformScores: { chatgpt: 43, claude: null, gemini: 35, aio: 30 },
      lastScanDate: '2026-10-25T08:00:00Z',
      brandPageUrl: 'javascript:alert(1)',
      said: '',
    };
    const o = scoreOutcome('vertexcoffee.co.uk', ok(brand));
    expect(o).toMatchObject({
      outputs: {
        score: 36,
        level: 'low',
        chatgptScore: 43,
        claudeScore: null,
        scanDate: '2026-10-25',
        brandPage: null,
      },
    });
    expect(scoreOutcome('x.com', undefined)).toMatchObject({ error: { retryable: true } });
    expect(scoreOutcome('x.com', fail(serviceError('NOT_FOUND')))).toMatchObject({
      error: { actionable: true, message: expect.stringMatching(/no brand at x\.com/) },
    });
  });

  it('a preview made: its link, ID and state; unanswered is never tried again (it may exist)', () => {
    const made: PreviewCreated = {
      uuid: UUID,
      status: 'pending',
      reportUrl: 'https://s.example/r/' + UUID,
      previewUrl: null,
    };
    expect(createOutcome('a.com', ok(made))).toMatchObject({
      outputs: { previewId: UUID, state: 'pending', reportLink: made.reportUrl },
    });
    expect(createOutcome('a.com', undefined)).toMatchObject({
      error: { retryable: false, message: expect.stringMatching(/may have made/) },
    });
    expect(createOutcome('a.com', ok({ ...made, reportUrl: null }))).toMatchObject({
      error: { retryable: false },
    });
  });

  it.each([
    ['pending', null, { retryable: true, actionable: false }],
    ['failed', null, { retryable: false, actionable: false }],
    ['exploded', 12, { retryable: false, actionable: false }],
  ])('a preview %s is an error that says so', (status, overallScore, expected) => {
    expect(errorOf(waitOutcome(UUID, ok(poll({ status, overallScore }))))).toMatchObject(expected);
  });

  it('a preview complete: its Preview scan score, Knowledge and Sentiment', () => {
    expect(waitOutcome(UUID, ok(poll({})))).toMatchObject({
      outputs: { score: 61, level: 'strong', knowledge: 70, sentiment: 52 },
      log: 'Bluebird: Preview scan score 61 (strong).',
    });
  });
});
