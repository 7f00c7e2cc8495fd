// The emulator handed requests without a socket answers as it does over HTTP: the integration
// tests run on it (issue 61), so a difference would be a service the add-on never meets.
import { inProcessEmulator } from '../../dev/emulator/inProcess';
import { spawnEmulator, type EmulatorProcess } from '../../dev/emulator/process';
import { SyncHttp, type RawRequest, type RawResponse } from '../../dev/gas-runtime/sync-http';

let overHttp: EmulatorProcess;
const http = new SyncHttp();
beforeAll(async () => {
  overHttp = await spawnEmulator(['--time-scale', '0']);
}, 30_000);
afterAll(async () => {
  await http.close();
  await overHttp.stop();
});

const PRO = { 'x-api-key': 'demo-pro-key', 'content-type': 'application/json' };
const BATCH: Array<Omit<RawRequest, 'url'> & { path: string }> = [
  { method: 'get', path: '/api/visibility/score?url=acmeanalytics.com', headers: {} },
  { method: 'get', path: '/api/visibility/score?slug=nobody', headers: {} },
  { method: 'get', path: '/api/visibility/score?url=x&slug=y', headers: {} },
  {
    method: 'post',
    path: '/api/visibility/scan-preview',
    headers: PRO,
    payload: '{"url":"a.com"}',
  },
  { method: 'post', path: '/api/visibility/scan-preview', headers: PRO, payload: '{not json' },
  { method: 'get', path: '/api/visibility/scan?syntheticId=1', headers: {} },
  { method: 'delete', path: '/api/visibility/scan', headers: PRO },
  { method: 'get', path: '/no/such/path', headers: {} },
];

/** Status, content type and body, the address each names put aside. */
const seen = (r: RawResponse, baseUrl: string) =>
  r.error !== undefined
    ? { error: r.error.replace(baseUrl, '<base>') }
    : {
        status: r.status,
        type: r.headers['content-type'],
        retryAfter: r.headers['retry-after'],
        body: r.body
          .split(baseUrl)
          .join('<base>')
          .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>'),
      };

async function both(prepare: (e: EmulatorProcess) => Promise<void>, batch = BATCH) {
  const local = inProcessEmulator(['--time-scale', '0']);
  await overHttp.control('reset', {});
  await prepare(overHttp);
  await prepare(local);
  const send = (baseUrl: string, fetchAll: (r: RawRequest[]) => RawResponse[]) =>
    fetchAll(batch.map(({ path, ...r }) => ({ ...r, url: baseUrl + path }))).map((r) =>
      seen(r, baseUrl),
    );
  return {
    http: send(overHttp.baseUrl, (r) => http.fetchAll(r, 10_000)),
    local: send(local.baseUrl, (r) => local.transport.fetchAll(r, 10_000)),
    stats: [await overHttp.stats(), await local.stats()],
  };
}

it('answers every endpoint, error and refusal as the HTTP emulator does', async () => {
  const { http, local } = await both(async () => undefined);
  expect(local).toEqual(http);
  expect(http.map((r) => ('status' in r ? r.status : 0))).toEqual([
    200, 404, 400, 200, 400, 401, 405, 404,
  ]);
});

it('holds requests in flight during their latency: maxConcurrent refuses the same share', async () => {
  const scores = Array.from({ length: 6 }, (_, i) => ({
    method: 'get',
    path: `/api/visibility/score?slug=brand-${i}`,
    headers: {},
  }));
  const { http, local, stats } = await both(
    (e) => e.faults({ maxConcurrent: 2, latencyMs: 50 }),
    scores,
  );
  const refused = (rs: typeof http) => rs.filter((r) => 'status' in r && r.status === 429).length;
  expect(refused(local)).toBe(refused(http));
  expect(refused(local)).toBeGreaterThan(0);
  expect(stats[1]!.maxInFlight).toBe(stats[0]!.maxInFlight);
});

it('drops a connection as the HTTP worker reports one, and times out past the caller’s wait', async () => {
  const dropped = await both((e) => e.faults({ rateDrop: 1 }), BATCH.slice(0, 1));
  expect(dropped.local).toEqual(dropped.http);
  expect(dropped.local[0]).toEqual({ error: expect.stringMatching(/^Address unavailable: /) });
  const local = inProcessEmulator();
  await local.faults({ latencyMs: 300 });
  const [slow] = local.transport.fetchAll(
    [{ method: 'get', url: `${local.baseUrl}/api/visibility/score?slug=x`, headers: {} }],
    100,
  );
  expect(slow).toEqual({
    error: `Address unavailable: ${local.baseUrl}/api/visibility/score?slug=x (timeout)`,
  });
});
