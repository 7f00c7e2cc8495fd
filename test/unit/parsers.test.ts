import { parsers, platformScore, requests } from '../../src/api/client';
import { json } from './fakes';

const NOW = Date.parse('2026-11-22T12:00:00Z');

const cfg = { baseUrl: 'https://svc.example/', apiKey: 'k_secret' };

describe('request builders', () => {
  it('encodes exactly one lookup parameter and sends no key when none is configured', () => {
    const r = requests.score({ baseUrl: 'https://svc.example' }, { by: 'name', value: 'A&B Co' });
    expect(r.url).toBe('https://svc.example/api/visibility/score?name=A%26B%20Co');
    expect(r.headers['x-api-key']).toBeUndefined();
  });
  it('sends the key header when configured and never sends isPublic', () => {
    const r = requests.previewCreate(cfg, 'https://acme.com/');
    expect(r.method).toBe('post');
    expect(r.url).toBe('https://svc.example/api/visibility/scan-preview');
    expect(r.headers['x-api-key']).toBe('k_secret');
    expect(r.payload).toEqual({ url: 'https://acme.com/' });
  });
  it('builds scan, report and preview polls', () => {
    expect(requests.scanStatus(cfg, 42).url).toBe(
      'https://svc.example/api/visibility/scan?syntheticId=42',
    );
    expect(requests.report(cfg, 42).url).toBe(
      'https://svc.example/api/visibility/report?syntheticId=42',
    );
    expect(requests.previewPoll(cfg, 'u-1').url).toBe(
      'https://svc.example/api/visibility/scan-preview?uuid=u-1',
    );
    expect(requests.scanTrigger(cfg, 7).payload).toEqual({ syntheticId: 7 });
  });
});

describe('platform scores', () => {
  it('reads bare numbers and objects, and never turns "not queried" into 0', () => {
    expect(platformScore(55)).toBe(55);
    expect(platformScore(0)).toBe(0);
    expect(platformScore(null)).toBeNull();
    expect(platformScore(undefined)).toBeNull();
    expect(platformScore({ queried: false, score: null })).toBeNull();
    expect(platformScore({ queried: false, score: 0 })).toBeNull();
    expect(platformScore({ queried: true, score: 0 })).toBe(0);
    expect(platformScore({ queried: true, value: 12 })).toBe(12);
  });
});

describe('brand score', () => {
  const record = {
    brandName: 'Acme',
    slug: 'acme',
    overallScore: 64,
    visibilityLevel: 'strong',
    platformScores: {
      chatgpt: 70,
      claude: { queried: true, score: 58 },
      gemini: { queried: false, score: null },
      aio: null,
    },
    lastScanDate: '2026-11-01T10:00:00Z',
    brandPageUrl: 'https://svc.example/brands/acme',
    _service: { what_you_are_seeing: 'The public\nscore of Acme.' },
  };
  it('parses the record', () => {
    const r = parsers.score(json(200, record), NOW);
    expect(r.ok && r.value).toEqual({
      brandName: 'Acme',
      slug: 'acme',
      overallScore: 64,
      visibilityLevel: 'strong',
      platformScores: { chatgpt: 70, claude: 58, gemini: null, aio: null },
      lastScanDate: '2026-11-01T10:00:00Z',
      brandPageUrl: 'https://svc.example/brands/acme',
      // The service's own words, kept to one line.
      said: 'The public score of Acme.',
    });
    const bare = Object.fromEntries(Object.entries(record).filter(([k]) => k !== '_service'));
    const without = parsers.score(json(200, bare), NOW);
    expect(without.ok && without.value.said).toBe('');
  });
  it('NOT_FOUND is a typed error', () => {
    const r = parsers.score(json(404, { error: 'Brand not found', code: 'NOT_FOUND' }), NOW);
    expect(!r.ok && r.error.code).toBe('NOT_FOUND');
  });
  it('a wrong type names the field', () => {
    const r = parsers.score(json(200, { ...record, overallScore: 'high' }), NOW);
    expect(!r.ok && r.error.code).toBe('MALFORMED_RESPONSE');
    expect(!r.ok && r.error.message).toContain('overallScore');
  });
  it('malformed JSON is an error, not a crash', () => {
    const r = parsers.score(json(200, '{"brandName": "Ac'), NOW);
    expect(!r.ok && r.error.code).toBe('MALFORMED_RESPONSE');
  });
  it('an ambiguous name without a documented code is recognised from its text', () => {
    const r = parsers.score(json(409, { error: 'Multiple brands match that name' }), NOW);
    expect(!r.ok && r.error.code).toBe('AMBIGUOUS_NAME');
  });
});

describe('scan status: the four shapes', () => {
  it('complete', () => {
    const r = parsers.scanStatus(
      json(200, {
        syntheticId: 9,
        scanAvailable: true,
        scanFailed: false,
        overallScore: 71,
        scanDate: '2026-11-20T08:00:00Z',
        platformScores: {
          chatgpt: 80,
          claude: 60,
          gemini: { queried: false, score: null },
          aio: 0,
        },
        reportUrl: 'https://svc.example/r/9',
        _service: { what_you_are_seeing: 'a', next_steps: ['b'] },
      }),
      NOW,
    );
    expect(r.ok && r.value).toEqual({
      state: 'complete',
      overallScore: 71,
      scanDate: '2026-11-20T08:00:00Z',
      platformScores: { chatgpt: 80, claude: 60, gemini: null, aio: 0 },
      reportUrl: 'https://svc.example/r/9',
    });
  });
  it('complete and failed: the meaningless 0 is not carried', () => {
    const r = parsers.scanStatus(
      json(200, {
        syntheticId: 9,
        scanAvailable: true,
        scanFailed: true,
        overallScore: 0,
        scanDate: '2026-11-20T08:00:00Z',
        summary: 'No engine responses were received. Retrying usually works.',
      }),
      NOW,
    );
    expect(r.ok && r.value).toEqual({
      state: 'failed',
      scanDate: '2026-11-20T08:00:00Z',
    });
  });
  it('running with progress', () => {
    const r = parsers.scanStatus(
      json(200, {
        syntheticId: 9,
        scanAvailable: false,
        scanInProgress: true,
        progress: { completedQueries: 3, totalQueries: 12 },
        message: 'Scan in progress',
      }),
      NOW,
    );
    expect(r.ok && r.value).toEqual({
      state: 'running',
      completed: 3,
      total: 12,
      message: 'Scan in progress',
    });
  });
  it('no scan found', () => {
    const r = parsers.scanStatus(
      json(200, {
        syntheticId: 9,
        scanAvailable: false,
        scanInProgress: false,
        message: 'No scan found',
      }),
      NOW,
    );
    expect(r.ok && r.value).toEqual({ state: 'none', message: 'No scan found' });
  });
  it('a shape outside the four is a clear error', () => {
    const r = parsers.scanStatus(json(200, { syntheticId: 9, scanAvailable: 'yes' }), NOW);
    expect(!r.ok && r.error.code).toBe('MALFORMED_RESPONSE');
  });
});

describe('preview', () => {
  const created = {
    success: true,
    uuid: '0b7c9a52-4a41-4f0e-9d7e-2f1c0d1e2a3b',
    status: 'pending',
    isPublic: false,
    reportUrl:
      'https://reports.agency.example/visibility-scan-preview/0b7c9a52-4a41-4f0e-9d7e-2f1c0d1e2a3b',
    previewUrl:
      'https://reports.agency.example/visibility-scan-preview/0b7c9a52-4a41-4f0e-9d7e-2f1c0d1e2a3b',
    message: 'Poll GET /api/visibility/scan-preview?uuid=... every 5 to 15 seconds',
  };
  it('creation', () => {
    const r = parsers.previewCreate(json(200, created), NOW);
    expect(r.ok && r.value.uuid).toBe(created.uuid);
    expect(r.ok && r.warning).toBeUndefined();
  });
  it('the isPublic warning surfaces as a warning, not an error', () => {
    const r = parsers.previewCreate(
      json(
        200,
        { ...created, warning: 'isPublic is deprecated and ignored' },
        { 'x-service-warning': 'isPublic is deprecated', deprecation: 'true' },
      ),
      NOW,
    );
    expect(r.ok).toBe(true);
    expect(r.ok && r.warning).toBe('isPublic is deprecated');
  });
  it.each([
    [403, { error: 'Account is read-only', code: 'READ_ONLY' }, 'READ_ONLY'],
    [
      402,
      {
        error: 'A Starter or Pro plan is required',
        code: 'PLAN_UPGRADE_REQUIRED',
        currentPlan: 'free',
        upgradeUrl: 'https://svc.example/pricing',
      },
      'PLAN_UPGRADE_REQUIRED',
    ],
    [
      403,
      { error: 'Partner team required', code: 'PARTNER_SCREENNAME_REQUIRED' },
      'PARTNER_SCREENNAME_REQUIRED',
    ],
    [401, { error: 'Invalid API key', code: 'UNAUTHORIZED' }, 'KEY_REFUSED'],
    [500, 'Internal error', 'SERVER_ERROR'],
    [400, { error: 'url must be a real website', code: 'INVALID_URL' }, 'INVALID_URL'],
  ])('HTTP %s %j is %s', (status, body, code) => {
    const r = parsers.previewCreate(json(status, body), NOW);
    expect(!r.ok && r.error.code).toBe(code);
  });
  it('plan errors keep the current plan and the upgrade link', () => {
    const r = parsers.previewCreate(
      json(402, {
        error: 'A Starter or Pro plan is required',
        code: 'PLAN_UPGRADE_REQUIRED',
        currentPlan: 'free',
        upgradeUrl: 'https://svc.example/pricing',
      }),
      NOW,
    );
    expect(!r.ok && r.error).toMatchObject({
      currentPlan: 'free',
      upgradeUrl: 'https://svc.example/pricing',
    });
    expect(!r.ok && r.error.message).toContain('https://svc.example/pricing');
  });
  it('429 carries Retry-After in seconds or as a date', () => {
    const a = parsers.previewPoll(json(429, { error: 'slow down' }, { 'retry-after': '3' }), NOW);
    expect(!a.ok && a.error).toMatchObject({ code: 'RATE_LIMITED', retryAfterMs: 3000 });
    const b = parsers.previewPoll(
      json(429, '', { 'retry-after': new Date(NOW + 5000).toUTCString() }),
      NOW,
    );
    expect(!b.ok && b.error.retryAfterMs).toBe(5000);
  });
  it('poll: pending, then complete with the overall score under any plausible name', () => {
    const pending = parsers.previewPoll(
      json(200, { uuid: '0b7c9a52-4a41-4f0e-9d7e-2f1c0d1e2a3b', status: 'pending' }),
      NOW,
    );
    expect(pending.ok && pending.value).toMatchObject({
      status: 'pending',
      overallScore: null,
      agentSiteUrl: null,
    });
    for (const field of ['overallScore', 'visibilityScore', 'score']) {
      const done = parsers.previewPoll(
        json(200, {
          status: 'complete',
          [field]: 47,
          knowledgeScore: 52,
          sentimentScore: 61.5,
          agentSiteUrl: null,
          headlines: ['kept'],
        }),
        NOW,
      );
      expect(done.ok && done.value).toEqual({
        status: 'complete',
        overallScore: 47,
        knowledgeScore: 52,
        sentimentScore: 61.5,
        agentSiteUrl: null,
        brandName: null,
        reportUrl: null,
      });
    }
  });
  it('an error record inside a 200 is still an error', () => {
    const r = parsers.previewPoll(json(200, { error: 'Brand not found', code: 'NOT_FOUND' }), NOW);
    expect(!r.ok && r.error.code).toBe('NOT_FOUND');
  });
  it('no HTTP answer is a network error', () => {
    const r = parsers.previewPoll({ status: 0, headers: {}, body: '' }, NOW);
    expect(!r.ok && r.error.code).toBe('NETWORK');
  });
});
