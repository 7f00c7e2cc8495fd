/**
 * The Visibility service emulator: a real HTTP server on loopback implementing the endpoints of
 * the spec, with a service clock, fault injection and request counts under /__emulator/.
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
  restoreIndex,
  type BrandMove,
} from './brandIndex';
import { DEFAULT_ACCOUNTS, type Account } from './accounts';
import { ServiceClock } from './clock';
import { Faults, type FaultConfig } from './faults';
import { hostile } from './hostile';
import { agentReportPage, brandPage, homePage, previewPage } from './pages';
import { PreviewStore } from './previews';
import { errorReply, reply, type Reply } from './reply';
import { ScanStore } from './scans';
import { parseWebsite } from '../../src/domain/website';

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

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const accounts = options.accounts ?? { ...DEFAULT_ACCOUNTS };
  const clock = new ServiceClock(options.timeScale ?? 1);
  const faults = new Faults();
  faults.set(options.faults ?? {});
  const previews = new PreviewStore();
  const scans = new ScanStore();
  let stats: Stats = { requests: {}, faults: {}, maxInFlight: 0, injectedLatencyMs: 0 };
  let inFlight = 0;
  let baseUrl = '';

  function account(req: http.IncomingMessage): { key: string; account: Account } | Reply {
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
      ? reply(200, brandRecord(brand, baseUrl))
      : errorReply(404, 'Brand not found', 'NOT_FOUND');
  }

  async function api(
    req: http.IncomingMessage,
    path: string,
    query: URLSearchParams,
  ): Promise<Reply> {
    const method = req.method ?? 'GET';
    const now = clock.now();
    if (path === '/api/visibility/score' && method === 'GET') return score(query);

    const known = [
      '/api/visibility/scan',
      '/api/visibility/report',
      '/api/visibility/scan-preview',
    ];
    if (!known.includes(path))
      return errorReply(404, `No such endpoint: ${method} ${path}`, 'NOT_FOUND');
    const auth = account(req);
    if ('status' in auth) return auth;
    let body: unknown = null;
    if (method === 'POST') {
      try {
        body = JSON.parse((await readBody(req)) || 'null');
      } catch {
        return errorReply(400, 'The body is not valid JSON', 'BAD_REQUEST');
      }
    }
    const id = Number(query.get('syntheticId'));
    const badId = () => errorReply(400, 'syntheticId must be an integer', 'BAD_REQUEST');
    if (path === '/api/visibility/scan' && method === 'GET') {
      return Number.isInteger(id) && query.has('syntheticId')
        ? scans.status(auth.key, id, baseUrl, now)
        : badId();
    }
    if (path === '/api/visibility/scan' && method === 'POST')
      return scans.trigger(auth.key, auth.account.readOnly, body, now);
    if (path === '/api/visibility/report' && method === 'GET') {
      return Number.isInteger(id) && query.has('syntheticId')
        ? scans.report(auth.key, id, now)
        : badId();
    }
    if (path === '/api/visibility/scan-preview' && method === 'POST')
      return previews.create(auth.key, auth.account, body, baseUrl, now);
    if (path === '/api/visibility/scan-preview' && method === 'GET') {
      const uuid = query.get('uuid');
      return uuid
        ? previews.poll(auth.key, uuid, now)
        : errorReply(400, 'uuid is required', 'BAD_REQUEST');
    }
    return errorReply(405, `${method} is not allowed on ${path}`, 'METHOD_NOT_ALLOWED');
  }

  async function control(req: http.IncomingMessage, path: string): Promise<Reply> {
    const body =
      req.method === 'POST'
        ? (JSON.parse((await readBody(req)) || '{}') as Record<string, unknown>)
        : {};
    switch (path) {
      case '/__emulator/stats':
        return reply(200, {
          ...stats,
          previewsCreated: previews.created,
          duplicatePreviews: previews.duplicates,
          serviceTime: clock.now(),
          inFlight,
        });
      case '/__emulator/brands':
        return reply(200, { moved: moveBrands((body.moves ?? []) as BrandMove[]) });
      case '/__emulator/reset':
        restoreIndex();
        previews.reset();
        scans.reset();
        faults.set({});
        stats = { requests: {}, faults: {}, maxInFlight: 0, injectedLatencyMs: 0 };
        return reply(200, { ok: true });
      case '/__emulator/clock':
        if (typeof body.advanceMs === 'number') clock.advance(body.advanceMs);
        if (typeof body.timeScale === 'number') clock.setScale(body.timeScale);
        return reply(200, { now: clock.now(), timeScale: clock.timeScale });
      case '/__emulator/faults':
        if (req.method === 'POST') faults.set(body as Partial<FaultConfig>);
        return reply(200, faults.config);
      case '/__emulator/maintenance':
        if (typeof body.paused === 'boolean') scans.paused = body.paused;
        return reply(200, { paused: scans.paused });
      default:
        return errorReply(404, 'No such control endpoint', 'NOT_FOUND');
    }
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

  function send(res: http.ServerResponse, r: Reply): void {
    const text = r.html ? String(r.body) : JSON.stringify(r.body);
    res.writeHead(r.status, {
      'content-type': r.html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8',
      ...(r.headers ?? {}),
    });
    res.end(text);
  }

  const server = http.createServer(async (req, res) => {
    const target = new URL(req.url ?? '/', 'http://emulator');
    const path = target.pathname;
    try {
      if (path.startsWith('/__emulator/')) return send(res, await control(req, path));
      const page = pages(path, target.searchParams);
      if (page) return send(res, page);

      const label = `${req.method} ${path}`;
      stats.requests[label] = (stats.requests[label] ?? 0) + 1;
      inFlight++;
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
      try {
        const latency = faults.latency();
        if (latency > 0) {
          stats.injectedLatencyMs += latency;
          await sleep(latency);
        }
        const cap = faults.config.maxConcurrent;
        const fault = cap !== null && inFlight > cap ? '429' : faults.decide();
        if (fault) stats.faults[fault] = (stats.faults[fault] ?? 0) + 1;
        if (fault === 'drop') {
          req.socket.destroy();
          return;
        }
        if (fault === '429') {
          return send(res, {
            ...errorReply(429, 'Too many requests', 'RATE_LIMITED'),
            headers: { 'Retry-After': String(faults.config.retryAfterSeconds) },
          });
        }
        if (fault === '5xx')
          return send(res, errorReply(503, 'Service temporarily unavailable', 'SERVER_ERROR'));
        if (fault === 'malformed') {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end('{"status": "comp');
        }
        const answer = await api(req, path, target.searchParams);
        if (faults.config.hostile) answer.body = hostile(req.method ?? 'GET', path, answer.body);
        send(res, answer);
      } finally {
        inFlight--;
      }
    } catch (error) {
      send(res, errorReply(500, `Emulator error: ${(error as Error).message}`, 'INTERNAL'));
    }
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
  baseUrl = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    baseUrl,
    port,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
