/**
 * The emulator in the test's own process, with no socket: the runtime's UrlFetchApp hands a batch
 * to the service as fetchAll sends it, the requests with an injected latency in flight together
 * until the longest is over (so `maxConcurrent` and `maxInFlight` mean what they mean over HTTP,
 * test/emulator/inProcess.test.ts), and a test's controls are calls. A dropped connection is the error the HTTP worker
 * reports for one. Over a socket (dev/emulator/process.ts) a big-list test spent about a third of
 * its time in loopback round trips (issue 61); the demo, the playground, the benchmark and the
 * emulator's own tests still serve it over HTTP.
 */
import type { HttpTransport, RawRequest, RawResponse } from '../gas-runtime/sync-http';
import { SyncHttp } from '../gas-runtime/sync-http';
import type { BrandMove } from './brandIndex';
import type { FaultConfig } from './faults';
import type { EmulatorProcess } from './process';
import { createService, type Service } from './server';
import { webhookRoutes, type WebhookPost } from './webhooks';

export interface InProcessEmulator extends EmulatorProcess {
  /** The runtime's way to the service (RuntimeOptions.http). */
  transport: HttpTransport;
}

/** Each service its own address, which only its transport answers. */
let services = 0;

/** `--time-scale N` and `--latency-ms N`, as the emulator's CLI takes them. */
function optionsOf(args: string[]): { timeScale?: number; latencyMs?: number } {
  const out: { timeScale?: number; latencyMs?: number } = {};
  for (let i = 0; i < args.length; i += 2) {
    const value = Number(args[i + 1]);
    if (args[i] === '--time-scale' && value >= 0) out.timeScale = value;
    else if (args[i] === '--latency-ms' && Number.isInteger(value) && value >= 0)
      out.latencyMs = value;
    else throw new Error(`in-process emulator: unknown or bad argument ${args[i]} ${args[i + 1]}`);
  }
  return out;
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function transportTo(service: Service, baseUrl: string): HttpTransport {
  // Anything not for this service goes over a real socket, as it would (a closed port, say).
  let elsewhere: SyncHttp | null = null;
  const mine = (r: RawRequest) => r.url.startsWith(`${baseUrl}/`);
  const answered = (
    r: RawRequest,
    arrival: ReturnType<Service['arrive']>,
    timeoutMs = Infinity,
  ): RawResponse => {
    // Past the caller's timeout the HTTP worker gives up on the request, as this does.
    const a = arrival.answer();
    if (arrival.latency > timeoutMs) return { error: `Address unavailable: ${r.url} (timeout)` };
    return 'drop' in a
      ? { error: `Address unavailable: ${r.url} (ECONNRESET)` }
      : { status: a.status, headers: lowerCased(a.headers), body: a.body };
  };
  return {
    fetchAll(requests, timeoutMs) {
      const out: RawResponse[] = new Array(requests.length);
      // As over HTTP: a request answered at once leaves before the next arrives; those with an
      // injected latency are in flight together until the longest is over.
      const held: Array<{ i: number; arrival: ReturnType<Service['arrive']> }> = [];
      requests.forEach((r, i) => {
        if (!mine(r)) return;
        const arrival = service.arrive({
          method: r.method.toUpperCase(),
          url: r.url.slice(baseUrl.length),
          headers: lowerCased(r.headers),
          body: r.payload ?? '',
        });
        if (arrival.latency > 0) held.push({ i, arrival });
        else out[i] = answered(r, arrival);
      });
      const longest = Math.max(0, ...held.map((h) => h.arrival.latency));
      if (held.length) pause(Math.min(longest, timeoutMs ?? Infinity));
      held.sort((a, b) => a.arrival.latency - b.arrival.latency);
      for (const { i, arrival } of held) out[i] = answered(requests[i]!, arrival, timeoutMs);
      const others = requests.flatMap((r, i) => (mine(r) ? [] : [i]));
      if (others.length) {
        elsewhere ??= new SyncHttp();
        const theirs = elsewhere.fetchAll(
          others.map((i) => requests[i]!),
          timeoutMs,
        );
        others.forEach((i, k) => (out[i] = theirs[k]!));
      }
      return out;
    },
    close: async () => elsewhere?.close(),
  };
}

const lowerCased = (h: Record<string, string>) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k.toLowerCase(), v]));

export function inProcessEmulator(args: string[] = []): InProcessEmulator {
  const { timeScale, latencyMs } = optionsOf(args);
  const service = createService({
    ...(timeScale === undefined ? {} : { timeScale }),
    ...(latencyMs === undefined ? {} : { faults: { latencyMs } }),
  });
  const baseUrl = `http://127.0.0.1:${40000 + (services++ % 20000)}`;
  service.setBaseUrl(baseUrl);
  const control = async (route: string, body?: unknown) => {
    const answer = service.control(
      route,
      (body ?? {}) as Record<string, unknown>,
      body === undefined ? 'GET' : 'POST',
    );
    return answer.body as Record<string, unknown>;
  };
  return {
    baseUrl,
    control,
    faults: async (config: Partial<FaultConfig>) => void (await control('faults', config)),
    advance: async (ms) => void (await control('clock', { advanceMs: ms })),
    moveBrands: async (moves: BrandMove[]) => (await control('brands', { moves })).moved as number,
    seedBrands: async (count) => (await control('brands', { seed: count })).seeded as number,
    stats: () => control('stats') as ReturnType<EmulatorProcess['stats']>,
    webhookPosts: async () => (await control('webhooks')).posts as WebhookPost[],
    routes: webhookRoutes(baseUrl),
    stop: async () => undefined,
    transport: transportTo(service, baseUrl),
  };
}
