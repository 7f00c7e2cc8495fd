/**
 * The Visibility service emulator: the endpoints of the spec, with a service clock, fault
 * injection and request counts under /__emulator/. `createService` is the service itself, a
 * request in and an answer out; `startEmulator` serves it over HTTP on loopback (the demo, the
 * playground, the benchmark), and dev/emulator/inProcess.ts hands it the runtime's requests without
 * a socket (the integration tests).
 */
import http from 'node:http';
import { readBody } from '../http-body';
import type { AddressInfo, Socket } from 'node:net';
import {
  brandRecord,
  findByDomain,
  findByName,
  findBySlug,
  moveBrands,
  seedBrands,
  restoreIndex,
  type BrandMove,
} from './brandIndex';
import { DEFAULT_ACCOUNTS, type Account } from './accounts';
import { ServiceClock } from './clock';
import { Faults, type FaultConfig } from './faults';
import { ATTACKS, hostile } from './hostile';
import { agentReportPage, brandPage, homePage, previewPage } from './pages';
import { PreviewStore } from './previews';
import { errorReply, reply, type Reply } from './reply';
import { ScanStore } from './scans';
import { WEBHOOK_STAND_INS, WebhookStandIns } from './webhooks';
import { parseWebsite } from '../../src/domain/website';
import { brandScoreSchema } from '../../src/api/schemas';

export interface EmulatorOptions {
  port?: number;
  host?: string;
  timeScale?: number;
  accounts?: Record<string, Account>;
  faults?: Partial<FaultConfig>;
}

export interface Emulator {
  baseUrl: string;
  port: number;
  accounts: Record<string, Account>;
  close(): Promise<void>;
}

interface Stats {
  requests: Record<string, number>;
  faults: Record<string, number>;
  maxInFlight: number;
  /** Latency injected so far, summed over requests. */
  injectedLatencyMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A request as the service reads it: `url` is its path and query. */
export interface ServiceRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** What the service does with a request: answers it, or drops the connection. */
export type ServiceAnswer =
  { status: number; headers: Record<string, string>; body: string } | { drop: true };

/**
 * A request let in: counted (an API call) and holding a place among those in flight, to be
 * answered after its injected latency. Requests in flight together are what `maxConcurrent` caps.
 */
export interface Arrival {
  latency: number;
  answer(): ServiceAnswer;
}

export interface Service {
  arrive(req: ServiceRequest): Arrival;
  /** A test control of /__emulator/, by name, as its HTTP route answers it. */
  control(name: string, body: Record<string, unknown>, method: string): Reply;
  /** The address links in answers are made from. */
  setBaseUrl(url: string): void;
  accounts: Record<string, Account>;
}

function sent(r: Reply): ServiceAnswer {
  return {
    status: r.status,
    headers: {
      'content-type': r.html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
      ...(r.headers ?? {}),
    },
    body: r.html ? String(r.body) : JSON.stringify(r.body),
  };
}

export function createService(options: EmulatorOptions = {}): Service {
  const initialAccounts = options.accounts ?? DEFAULT_ACCOUNTS;
  const accounts = { ...initialAccounts };
  const clock = new ServiceClock(options.timeScale ?? 1);
  const faults = new Faults();
  faults.set(options.faults ?? {});
  const previews = new PreviewStore();
  const webhooks = new WebhookStandIns();
  const scans = new ScanStore();
  let stats: Stats = { requests: {}, faults: {}, maxInFlight: 0, injectedLatencyMs: 0 };
  let inFlight = 0;
  let baseUrl = '';

  function account(req: ServiceRequest): { key: string; account: Account } | Reply {
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string' || key === '')
      return errorReply(401, 'An API key is required (header x-api-key)', 'UNAUTHORIZED');
    const found = accounts[key];
    return found
      ? { key, account: found }
      : errorReply(401, 'The API key is not valid', 'UNAUTHORIZED');
  }

  function score(query: URLSearchParams): Reply {
    const given = ['slug', 'url', 'name'].filter((p) => query.has(p));
    if (given.length !== 1) {
      return errorReply(400, 'Give exactly one of slug, url or name', 'BAD_REQUEST');
    }
    const value = query.get(given[0] as string) ?? '';
    let brand;
    if (given[0] === 'slug') brand = findBySlug(value);
    else if (given[0] === 'url') {
      const site = parseWebsite(value);
      if (!site.ok) return errorReply(400, 'url is not a valid website', 'INVALID_URL');
      brand = findByDomain(site.domain);
    } else {
      const matches = findByName(value);
      if (matches.length > 1) {
        return errorReply(
          409,
          `Multiple brands match the name "${value.slice(0, 80)}": use slug or url`,
          'AMBIGUOUS_NAME',
        );
      }
      brand = matches[0];
    }
    return brand
      ? reply(200, brandScoreSchema().parse(brandRecord(brand, baseUrl)))
      : errorReply(404, 'Brand not found', 'NOT_FOUND');
  }

  /** What an authenticated endpoint is handed. */
  interface Call {
    key: string;
    account: Account;
    body: unknown;
    query: URLSearchParams;
    now: number;
  }
  const syntheticId = (query: URLSearchParams): number | null => {
    const id = Number(query.get('syntheticId'));
    return Number.isInteger(id) && query.has('syntheticId') ? id : null;
  };
  const badId = () => errorReply(400, 'syntheticId must be an integer', 'BAD_REQUEST');

  /** The keyed endpoints of the spec, one small handler each, by method and path. */
  const routes: Record<string, (c: Call) => Reply> = {
    'GET /api/visibility/scan': (c) => {
      const id = syntheticId(c.query);
      return id === null ? badId() : scans.status(c.key, id, baseUrl, c.now);
    },
    'POST /api/visibility/scan': (c) => scans.trigger(c.key, c.account.readOnly, c.body, c.now),
    'GET /api/visibility/report': (c) => {
      const id = syntheticId(c.query);
      return id === null ? badId() : scans.report(c.key, id, c.now);
    },
    'POST /api/visibility/scan-preview': (c) =>
      previews.create(
        c.key,
        previews.created >= (faults.config.readOnlyAfterPreviews ?? Infinity)
          ? { ...c.account, readOnly: true }
          : c.account,
        c.body,
        baseUrl,
        c.now,
      ),
    'GET /api/visibility/scan-preview': (c) => {
      const uuid = c.query.get('uuid');
      return uuid
        ? previews.poll(c.key, uuid, c.now)
        : errorReply(400, 'uuid is required', 'BAD_REQUEST');
    },
  };
  const knownPaths = new Set(Object.keys(routes).map((r) => r.split(' ')[1]));

  function api(req: ServiceRequest, path: string, query: URLSearchParams): Reply {
    const method = req.method;
    if (path === '/api/visibility/score' && method === 'GET') return score(query);
    if (!knownPaths.has(path))
      return errorReply(404, `No such endpoint: ${method} ${path}`, 'NOT_FOUND');
    const auth = account(req);
    if ('status' in auth) return auth;
    const key = `${method} ${path}`;
    const route = Object.prototype.hasOwnProperty.call(routes, key) ? routes[key] : undefined;
    if (!route) return errorReply(405, `${method} is not allowed on ${path}`, 'METHOD_NOT_ALLOWED');
    let body: unknown = null;
    if (method === 'POST') {
      try {
        body = JSON.parse(req.body || 'null');
      } catch {
        return errorReply(400, 'The body is not valid JSON', 'BAD_REQUEST');
      }
    }
    return route({ ...auth, body, query, now: clock.now() });
  }

  /** The test controls under /__emulator/, one small handler each. */
  const controls: Record<string, (body: Record<string, unknown>, method: string) => Reply> = {
    stats: () =>
      reply(200, {
        ...stats,
        previewsCreated: previews.created,
        duplicatePreviews: previews.duplicates,
        serviceTime: clock.now(),
        inFlight,
      }),
    previews: () => reply(200, { uuids: previews.uuids(), domains: previews.domains() }),
    // What the Slack and Chat stand-ins received.
    webhooks: (body) => {
      // `gone`: a saved webhook's channel or space deleted since (its path after the host).
      if (typeof body.gone === 'string') webhooks.gone.add(body.gone);
      return reply(200, { posts: webhooks.posts });
    },
    brands: (body) =>
      reply(200, {
        moved: moveBrands((body.moves ?? []) as BrandMove[]),
        seeded: seedBrands(typeof body.seed === 'number' ? body.seed : 0),
      }),
    // A plan lapsing and coming back: the account of `key` on another plan from now on.
    plan: (body) => {
      const key = typeof body.key === 'string' ? body.key : '';
      const plan = body.plan;
      if (!accounts[key] || (plan !== 'free' && plan !== 'starter' && plan !== 'pro'))
        return errorReply(400, 'Give a known key and a plan: free, starter or pro', 'BAD_REQUEST');
      accounts[key] = { ...accounts[key], plan };
      return reply(200, { key, plan });
    },
    reset: () => {
      Object.assign(accounts, initialAccounts);
      restoreIndex();
      previews.reset();
      scans.reset();
      webhooks.reset();
      faults.set(options.faults ?? {});
      clock.reset(options.timeScale ?? 1);
      stats = { requests: {}, faults: {}, maxInFlight: 0, injectedLatencyMs: 0 };
      return reply(200, { ok: true });
    },
    clock: (body) => {
      if (typeof body.advanceMs === 'number') clock.advance(body.advanceMs);
      if (typeof body.timeScale === 'number') clock.setScale(body.timeScale);
      return reply(200, { now: clock.now(), timeScale: clock.timeScale });
    },
    faults: (body, method) => {
      if (method === 'POST') faults.set(body as Partial<FaultConfig>);
      return reply(200, faults.config);
    },
    maintenance: (body) => {
      if (typeof body.paused === 'boolean') scans.paused = body.paused;
      return reply(200, { paused: scans.paused });
    },
  };

  function control(name: string, body: Record<string, unknown>, method: string): Reply {
    const handler = Object.prototype.hasOwnProperty.call(controls, name)
      ? controls[name]
      : undefined;
    if (!handler) return errorReply(404, 'No such control endpoint', 'NOT_FOUND');
    return handler(body, method);
  }

  function pages(path: string, query: URLSearchParams): Reply | null {
    const preview = /^(?:\/partner\/[^/]+)?\/visibility-scan-preview\/([^/]+)$/.exec(path);
    if (preview) {
      const p = previewPage(previews, decodeURIComponent(preview[1] as string), clock.now());
      return { status: p.status, body: p.html, html: true };
    }
    if (path === '/') return { status: 200, body: homePage(query.get('report')), html: true };
    const agent = /^\/agents\/(\d+)\/report$/.exec(path);
    if (agent) return { status: 200, body: agentReportPage(agent[1] as string), html: true };
    const brand = /^\/brands\/([^/]+)$/.exec(path);
    if (brand && findBySlug(decodeURIComponent(brand[1] as string))) {
      return { status: 200, body: brandPage(decodeURIComponent(brand[1] as string)), html: true };
    }
    return null;
  }

  /** An API call: counted, in flight until answered, faults decided when its latency is over. */
  function apiArrival(req: ServiceRequest, path: string, query: URLSearchParams): Arrival {
    const label = `${req.method} ${path}`;
    stats.requests[label] = (stats.requests[label] ?? 0) + 1;
    inFlight++;
    stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
    const latency = faults.latency();
    if (latency > 0) stats.injectedLatencyMs += latency;
    return {
      latency,
      answer: () => {
        try {
          const cap = faults.config.maxConcurrent;
          const fault = cap !== null && inFlight > cap ? '429' : faults.decide();
          if (fault) stats.faults[fault] = (stats.faults[fault] ?? 0) + 1;
          if (fault === 'drop') return { drop: true };
          if (fault === '429')
            return sent({
              ...errorReply(429, 'Too many requests', 'RATE_LIMITED'),
              headers: { 'Retry-After': String(faults.config.retryAfterSeconds) },
            });
          if (fault === '5xx')
            return sent(errorReply(503, 'Service temporarily unavailable', 'SERVER_ERROR'));
          if (fault === 'malformed')
            return {
              status: 200,
              headers: { 'content-type': 'application/json' },
              body: '{"status": "comp',
            };
          let answer = api(req, path, query);
          if (faults.config.hostile) answer.body = hostile(req.method, path, answer.body);
          const attack = faults.config.attack;
          if (attack) {
            const key = String(req.headers['x-api-key'] ?? '');
            answer = ATTACKS[attack]({ method: req.method, path, key }, answer);
          }
          return sent(answer);
        } finally {
          inFlight--;
        }
      },
    };
  }

  const at = (answer: () => ServiceAnswer): Arrival => ({ latency: 0, answer });
  const guarded = (answer: () => ServiceAnswer) => () => {
    try {
      return answer();
    } catch (error) {
      return sent(errorReply(500, `Emulator error: ${(error as Error).message}`, 'INTERNAL'));
    }
  };

  return {
    arrive(req) {
      const target = new URL(req.url || '/', 'http://emulator');
      const path = target.pathname;
      if (path.startsWith('/__emulator/'))
        return at(
          guarded(() => {
            const body =
              req.method === 'POST'
                ? (JSON.parse(req.body || '{}') as Record<string, unknown>)
                : {};
            return sent(control(path.slice('/__emulator/'.length), body, req.method));
          }),
        );
      if (path.startsWith(WEBHOOK_STAND_INS)) {
        const contentType = String(req.headers['content-type'] ?? '');
        const rest = path.slice(WEBHOOK_STAND_INS.length);
        return at(
          guarded(() =>
            sent(webhooks.answer(req.method, rest, target.searchParams, contentType, req.body)),
          ),
        );
      }
      const page = pages(path, target.searchParams);
      if (page) return at(() => sent(page));
      const arrival = apiArrival(req, path, target.searchParams);
      return { latency: arrival.latency, answer: guarded(arrival.answer) };
    },
    control,
    setBaseUrl: (url) => void (baseUrl = url),
    accounts,
  };
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const service = createService(options);
  const server = http.createServer(async (req, res) => {
    const method = req.method ?? 'GET';
    const body = method === 'POST' ? await readBody(req) : '';
    const arrival = service.arrive({ method, url: req.url ?? '/', headers: req.headers, body });
    if (arrival.latency > 0) await sleep(arrival.latency);
    const answer = arrival.answer();
    if ('drop' in answer) {
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  });
  server.keepAliveTimeout = 30000;
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(
      { port: options.port ?? 0, host: options.host ?? '127.0.0.1', backlog: 4096 },
      resolve,
    );
  });
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  service.setBaseUrl(baseUrl);
  return {
    baseUrl,
    port,
    accounts: service.accounts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
