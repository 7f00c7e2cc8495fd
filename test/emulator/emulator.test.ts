// The emulator's own tests, over real HTTP on loopback.
import { parsers } from '../../src/api/client';
import * as schemas from '../../src/api/schemas';
import { startEmulator, type Emulator } from '../../dev/emulator/server';
import { findByDomain } from '../../dev/emulator/brandIndex';

let emu: Emulator;
beforeAll(async () => {
  emu = await startEmulator();
});
afterAll(() => emu.close());
beforeEach(() => call('POST', '/__emulator/reset', {}));

async function call(method: string, path: string, body?: unknown, key?: string) {
  const res = await fetch(emu.baseUrl + path, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json, text, headers: res.headers };
}
const advance = (ms: number) => call('POST', '/__emulator/clock', { advanceMs: ms });
const PRO = 'demo-pro-key';
const STARTER = 'demo-starter-key';

describe('GET /api/visibility/score', () => {
  it('matches a url by domain on any path, with or without a key', async () => {
    const a = await call(
      'GET',
      '/api/visibility/score?url=' +
        encodeURIComponent('https://www.acmeanalytics.com/pricing?x=1'),
    );
    const b = await call('GET', '/api/visibility/score?url=acmeanalytics.com', undefined, PRO);
    expect(a.status).toBe(200);
    expect(a.json).toEqual(b.json);
    expect(a.json.slug).toBe('acme-analytics');
    expect(parsers.score({ status: a.status, headers: {}, body: a.text }, 0).ok).toBe(true);
  });
  it('by slug; unknown is 404 NOT_FOUND with the spec body', async () => {
    expect((await call('GET', '/api/visibility/score?slug=acme-analytics')).json.brandName).toBe(
      'Acme Analytics',
    );
    const r = await call('GET', '/api/visibility/score?slug=nobody-here');
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ error: 'Brand not found', code: 'NOT_FOUND' });
  });
  it('a name shared by two brands is an ambiguity error; zero or two parameters are 400', async () => {
    const amb = await call(
      'GET',
      '/api/visibility/score?name=' + encodeURIComponent('summit foods'),
    );
    expect(amb.status).toBe(409);
    expect(amb.json.code).toBe('AMBIGUOUS_NAME');
    expect((await call('GET', '/api/visibility/score')).status).toBe(400);
    expect((await call('GET', '/api/visibility/score?slug=a&name=b')).status).toBe(400);
  });
  it('a rescan that moves the overall score moves its engines as much, within 0-100', async () => {
    const before = (await call('GET', '/api/visibility/score?slug=acme-analytics')).json;
    const moved = await call('POST', '/__emulator/brands', {
      moves: [
        {
          brand: 'acme-analytics',
          overallScore: before.overallScore + 40,
          lastScanDate: '2026-11-20T00:00:00Z',
        },
      ],
    });
    expect(moved.json.moved).toBe(1);
    const after = (await call('GET', '/api/visibility/score?slug=acme-analytics')).json;
    for (const [engine, { score }] of Object.entries(before.platformScores) as Array<
      [string, { score: number | null }]
    >)
      expect([engine, after.platformScores[engine].score]).toEqual([
        engine,
        score === null ? null : Math.min(100, score + 40),
      ]);
  });
  it('unqueried platforms are queried:false with a null score', async () => {
    const r = await call('GET', '/api/visibility/score?slug=hostile-markup');
    expect(r.json.platformScores.gemini).toEqual({ queried: false, score: null });
  });
});

describe('scan previews', () => {
  it('refuses before enqueueing: read-only, free plan, no partner team, no key, bad key', async () => {
    const cases: Array<[string | undefined, number, string]> = [
      ['demo-readonly-key', 403, 'READ_ONLY'],
      ['demo-free-key', 402, 'PLAN_UPGRADE_REQUIRED'],
      ['demo-nopartner-key', 403, 'PARTNER_SCREENNAME_REQUIRED'],
      [undefined, 401, 'UNAUTHORIZED'],
      ['wrong', 401, 'UNAUTHORIZED'],
    ];
    for (const [key, status, code] of cases) {
      const r = await call(
        'POST',
        '/api/visibility/scan-preview',
        { url: 'https://acme.com' },
        key,
      );
      expect([r.status, r.json.code]).toEqual([status, code]);
    }
    const free = await call(
      'POST',
      '/api/visibility/scan-preview',
      { url: 'https://acme.com' },
      'demo-free-key',
    );
    expect(free.json).toMatchObject({
      currentPlan: 'free',
      upgradeUrl: expect.stringMatching(/^http/),
    });
    expect((await call('GET', '/__emulator/stats')).json.previewsCreated).toBe(0);
  });
  it('a plan lapses and comes back (the plan control); reset restores it', async () => {
    const send = () =>
      call('POST', '/api/visibility/scan-preview', { url: 'https://acme.com' }, PRO);
    expect((await call('POST', '/__emulator/plan', { key: PRO, plan: 'free' })).status).toBe(200);
    expect((await send()).json.code).toBe('PLAN_UPGRADE_REQUIRED');
    await call('POST', '/__emulator/plan', { key: PRO, plan: 'pro' });
    expect((await send()).status).toBe(200);
    await call('POST', '/__emulator/plan', { key: PRO, plan: 'free' });
    await call('POST', '/__emulator/reset', {});
    expect((await send()).status).toBe(200);
    const bad = await call('POST', '/__emulator/plan', { key: 'nobody', plan: 'pro' });
    expect([bad.status, bad.json.code]).toEqual([400, 'BAD_REQUEST']);
  });

  it('isPublic: true succeeds with a warning and the three headers; omitted, none', async () => {
    const warned = await call(
      'POST',
      '/api/visibility/scan-preview',
      { url: 'acme.com', isPublic: true },
      PRO,
    );
    expect(warned.status).toBe(200);
    expect(warned.json.isPublic).toBe(false);
    expect(warned.json.warning).toMatch(/isPublic/);
    for (const h of ['deprecation', 'warning', 'x-service-warning'])
      expect(warned.headers.get(h)).toBeTruthy();
    const plain = await call('POST', '/api/visibility/scan-preview', { url: 'acme2.com' }, PRO);
    expect(plain.json.warning).toBeUndefined();
    expect(plain.headers.get('x-service-warning')).toBeNull();
  });
  it('report URLs are white-label in both forms', async () => {
    const pro = await call('POST', '/api/visibility/scan-preview', { url: 'acme.com' }, PRO);
    expect(pro.json.reportUrl).toBe(
      `https://reports.northwind-agency.example/visibility-scan-preview/${pro.json.uuid}`,
    );
    const starter = await call(
      'POST',
      '/api/visibility/scan-preview',
      { url: 'acme.com' },
      STARTER,
    );
    expect(starter.json.reportUrl).toBe(
      `${emu.baseUrl}/partner/bluebird-growth/visibility-scan-preview/${starter.json.uuid}`,
    );
    expect(starter.json.previewUrl).toBe(starter.json.reportUrl);
    const page = await fetch(starter.json.reportUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/Scanning acme\.com/);
  });
  it('pending, then complete 30 to 90 s of service time later; agentSiteUrl only for local businesses', async () => {
    const shop = await call(
      'POST',
      '/api/visibility/scan-preview',
      { url: 'https://www.acmeanalytics.com' },
      PRO,
    );
    const bakery = await call(
      'POST',
      '/api/visibility/scan-preview',
      { url: 'https://rosies-bakery.com' },
      PRO,
    );
    const poll = (uuid: string) =>
      call('GET', `/api/visibility/scan-preview?uuid=${uuid}`, undefined, PRO);
    const early = await poll(shop.json.uuid);
    expect(early.json.status).toBe('pending');
    expect('agentSiteUrl' in early.json).toBe(false);
    await advance(29000);
    expect((await poll(shop.json.uuid)).json.status).toBe('pending');
    await advance(61001);
    const done = await poll(shop.json.uuid);
    expect(done.json).toMatchObject({
      status: 'complete',
      overallScore: findByDomain('acmeanalytics.com')!.overallScore,
      agentSiteUrl: null,
    });
    expect(typeof done.json.knowledgeScore).toBe('number');
    expect(typeof done.json.sentimentScore).toBe('number');
    expect((await poll(bakery.json.uuid)).json.agentSiteUrl).toMatch(/^https:\/\//);
  });
  it('a bad or unreachable URL is a clear error; a preview of another account is not found', async () => {
    const bad = await call(
      'POST',
      '/api/visibility/scan-preview',
      { url: 'javascript:alert(1)' },
      PRO,
    );
    expect([bad.status, bad.json.code]).toEqual([400, 'INVALID_URL']);
    const down = await call(
      'POST',
      '/api/visibility/scan-preview',
      { url: 'nowhere.invalid' },
      PRO,
    );
    expect([down.status, down.json.code]).toEqual([422, 'URL_UNREACHABLE']);
    const mine = await call('POST', '/api/visibility/scan-preview', { url: 'acme.com' }, PRO);
    expect(
      (await call('GET', `/api/visibility/scan-preview?uuid=${mine.json.uuid}`, undefined, STARTER))
        .status,
    ).toBe(404);
  });
  it('counts the same site previewed twice by one account as a duplicate', async () => {
    await call('POST', '/api/visibility/scan-preview', { url: 'acme.com' }, PRO);
    await call('POST', '/api/visibility/scan-preview', { url: 'https://www.acme.com/' }, PRO);
    await call('POST', '/api/visibility/scan-preview', { url: 'acme.com' }, STARTER);
    expect((await call('GET', '/__emulator/stats')).json.duplicatePreviews).toBe(1);
  });
});

describe('managed scans', () => {
  const status = (id: number, key = PRO) =>
    call('GET', `/api/visibility/scan?syntheticId=${id}`, undefined, key);
  it('first scan: none, then running with progress, then complete', async () => {
    expect((await status(1003)).json).toMatchObject({
      scanAvailable: false,
      scanInProgress: false,
    });
    expect(
      (await call('POST', '/api/visibility/scan', { syntheticId: 1003 }, PRO)).json.syntheticId,
    ).toBe(1003);
    await advance(60000);
    const running = (await status(1003)).json;
    expect(running).toMatchObject({
      scanAvailable: false,
      scanInProgress: true,
      progress: { totalQueries: 24 },
    });
    expect(running.progress.completedQueries).toBeGreaterThan(0);
    await advance(5 * 60000);
    const done = (await status(1003)).json;
    expect(done).toMatchObject({
      scanAvailable: true,
      scanFailed: false,
      reportUrl: expect.any(String),
    });
    expect(done._service.next_steps.length).toBeGreaterThan(0);
  });
  it('a failed run has overallScore 0 and a summary', async () => {
    await call('POST', '/api/visibility/scan', { syntheticId: 1007 }, PRO);
    await advance(6 * 60000);
    expect((await status(1007)).json).toMatchObject({
      scanAvailable: true,
      scanFailed: true,
      overallScore: 0,
      summary: expect.any(String),
    });
  });
  it('a rescan returns the previous scan until the new one finishes, with a later scanDate', async () => {
    const before = (await status(1001)).json;
    await call('POST', '/api/visibility/scan', { syntheticId: 1001 }, PRO);
    await advance(60000);
    expect((await status(1001)).json.scanDate).toBe(before.scanDate);
    await advance(5 * 60000);
    const after = (await status(1001)).json;
    expect(Date.parse(after.scanDate)).toBeGreaterThan(Date.parse(before.scanDate));
  });
  it('read-only and maintenance refuse triggers, not polls; unknown agents are 404; no key is 401', async () => {
    expect(
      (await call('POST', '/api/visibility/scan', { syntheticId: 1001 }, 'demo-readonly-key')).json
        .code,
    ).toBe('READ_ONLY');
    expect((await status(1001, 'demo-readonly-key')).status).toBe(200);
    await call('POST', '/__emulator/maintenance', { paused: true });
    const paused = await call('POST', '/api/visibility/scan', { syntheticId: 1001 }, PRO);
    expect([paused.status, paused.json.code]).toEqual([503, 'SCAN_PAUSED']);
    expect((await status(1001)).status).toBe(200);
    expect((await status(999999)).status).toBe(404);
    expect((await call('GET', '/api/visibility/scan?syntheticId=1001')).status).toBe(401);
  });
  it('serves the full report of a completed scan', async () => {
    const r = await call('GET', '/api/visibility/report?syntheticId=1001', undefined, PRO);
    expect(r.json).toMatchObject({ syntheticId: 1001, overallScore: expect.any(Number) });
    expect(
      (await call('GET', '/api/visibility/report?syntheticId=1003', undefined, PRO)).status,
    ).toBe(404);
  });
});

describe('clock, faults and load', () => {
  it('a time scale speeds the service clock', async () => {
    const a = (await call('POST', '/__emulator/clock', { timeScale: 1000 })).json.now;
    await new Promise((r) => setTimeout(r, 50));
    const b = (await call('POST', '/__emulator/clock', { timeScale: 1 })).json.now;
    expect(b - a).toBeGreaterThanOrEqual(40000);
  });
  it('injects 429 with Retry-After, 5xx, malformed bodies, dropped connections and latency', async () => {
    const get = () => call('GET', '/api/visibility/score?slug=acme-analytics');
    await call('POST', '/__emulator/faults', { rate429: 1, retryAfterSeconds: 7 });
    const limited = await get();
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
    await call('POST', '/__emulator/faults', { rate5xx: 1 });
    expect((await get()).status).toBe(503);
    await call('POST', '/__emulator/faults', { rateMalformed: 1 });
    const bad = await get();
    expect(bad.status).toBe(200);
    expect(bad.json).toBeNull();
    await call('POST', '/__emulator/faults', { rateDrop: 1 });
    await expect(get()).rejects.toThrow();
    await call('POST', '/__emulator/faults', { latencyMs: 120 });
    await get();
    await get();
    const stats = (await call('GET', '/__emulator/stats')).json;
    expect(stats.injectedLatencyMs).toBe(240);
    expect(stats.faults).toMatchObject({ '429': 1, '5xx': 1, malformed: 1, drop: 1 });
  });
  it('a concurrency cap answers 429 beyond it', async () => {
    await call('POST', '/__emulator/faults', { latencyMs: 500, maxConcurrent: 5 });
    const all = await Promise.all(
      Array.from({ length: 20 }, () => call('GET', '/api/visibility/score?slug=acme-analytics')),
    );
    expect(all.filter((r) => r.status === 429).length).toBeGreaterThan(0);
    expect(all.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(5);
  });
  it('survives 1,000 concurrent requests without losing one', async () => {
    const all = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        call('GET', `/api/visibility/score?slug=${i % 2 ? 'acme-analytics' : 'nobody'}`),
      ),
    );
    expect(all.filter((r) => r.status === 200).length).toBe(500);
    expect(all.filter((r) => r.status === 404).length).toBe(500);
    expect(
      (await call('GET', '/__emulator/stats')).json.requests['GET /api/visibility/score'],
    ).toBe(1000);
  });
});

describe('every answer the emulator serves parses with src/api/schemas.ts', () => {
  it('brand scores, previews, scans and errors', async () => {
    const made = await call('POST', '/api/visibility/scan-preview', { url: 'acme.com' }, PRO);
    await call('POST', '/api/visibility/scan', { syntheticId: 1001 }, PRO);
    await advance(10 * 60000);
    const answers: Array<[{ safeParse(x: unknown): { success: boolean } }, unknown]> = [
      [
        schemas.brandScoreSchema(),
        (await call('GET', '/api/visibility/score?url=acmeanalytics.com')).json,
      ],
      [schemas.previewCreatedSchema(), made.json],
      [
        schemas.previewPollSchema(),
        (await call('GET', `/api/visibility/scan-preview?uuid=${made.json.uuid}`, undefined, PRO))
          .json,
      ],
      [
        schemas.scanStatusSchema(),
        (await call('GET', '/api/visibility/scan?syntheticId=1001', undefined, PRO)).json,
      ],
      [schemas.errorBodySchema(), (await call('GET', '/api/visibility/score?slug=nobody')).json],
    ];
    for (const [schema, body] of answers)
      expect([schema.safeParse(body).success, body]).toEqual([true, body]);
    // And a record the schema refuses is refused: the check can fail.
    expect(schemas.brandScoreSchema().safeParse({ brandName: 7 }).success).toBe(false);
  });
});
