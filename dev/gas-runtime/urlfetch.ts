/** UrlFetchApp over real, synchronous HTTP, with Apps Script's behaviour and limits. */
import { GasError } from './errors';
import type { HttpTransport, RawRequest, RawResponse } from './sync-http';

const RESPONSE_LIMIT = 50 * 1024 * 1024;
const URL_LIMIT = 2082;

export interface FetchParams {
  url?: string;
  method?: string;
  headers?: Record<string, string>;
  payload?: string | Record<string, unknown>;
  contentType?: string;
  muteHttpExceptions?: boolean;
  followRedirects?: boolean;
  validateHttpsCertificates?: boolean;
}

export interface FetchStats {
  requests: number;
  fetchAllCalls: number;
  /** The requests of each fetchAll, in order (the bench's floor of the same batches). */
  batches: number[];
  fetchCalls: number;
  /** Requests per user and day (runtime clock), for the daily quota. */
  perDay: Record<string, number>;
  /** When each user's recent fetch calls were made (runtime clock), for the pace rule (X5). */
  recentCalls: Record<string, number[]>;
  /** Every request sent, with whose execution sent it and the key it carried (tests only). */
  log: Array<{ method: string; url: string; user: string; key: string | null }>;
}

export interface UrlFetchEnv {
  http: HttpTransport;
  call(name: string): void;
  now(): number;
  dailyQuota: number;
  /** The key of the user's open quota window (QuotaWindows), opening one at first use. */
  window(): string;
  /** Quotas are per user. */
  user: string;
  stats: FetchStats;
  /** Time left in this execution: no request may outlive it. */
  remainingMs(): number;
  /** The manifest's urlFetchWhitelist, or null when it has none. */
  allowlist: string[] | null;
  /** Public address prefixes answered by a local stand-in instead (see RuntimeOptions.routes). */
  routes: Record<string, string>;
  /** Calls (fetch or fetchAll) one user may make in any second, or null: not enforced (X5). */
  callsPerSecond: number | null;
  /** Virtual time a round trip of `requests` takes. */
  elapse(requests: number): void;
}

/**
 * With an allowlist in the manifest, a script can reach only URLs equal to a prefix or under
 * it (https://developers.google.com/apps-script/manifest/allowlist-url).
 */
function checkAllowed(url: string, allowlist: string[] | null): void {
  if (!allowlist) return;
  if (allowlist.some((prefix) => url === prefix.replace(/\/$/, '') || url.startsWith(prefix)))
    return;
  throw new GasError(
    `Exception: Script does not have permission to access URL ${url}: it is not in the manifest's urlFetchWhitelist.`,
  );
}

/** The allowlist is checked on the public address; the request goes to its stand-in, if any. */
function routeOf(url: string, routes: Record<string, string>): string {
  const from = Object.keys(routes).find((prefix) => url.startsWith(prefix));
  return from === undefined ? url : routes[from] + url.slice(from.length);
}

/** What one call may send (the quotas page, "Current limitations"; U4). */
const MAX_HEADERS = 100;
const MAX_HEADER_BYTES = 8 * 1024;
const MAX_POST_BYTES = 50 * 1024 * 1024;
/** The methods `UrlFetchApp.fetch`'s `method` takes. */
const METHODS = ['get', 'delete', 'patch', 'post', 'put'];

const REDIRECTS = [301, 302, 303, 307, 308];
/** How many redirects in a row are followed before the answer is the last redirect itself. */
const MAX_REDIRECTS = 10;

/** A request header, whatever case the script wrote its name in. */
function headerOf(r: RawRequest, name: string): string | null {
  const found = Object.keys(r.headers).find((k) => k.toLowerCase() === name);
  return found === undefined ? null : (r.headers[found] ?? null);
}

function toRaw(url: string, p: FetchParams): RawRequest {
  if (url.length > URL_LIMIT) throw new GasError('Limit Exceeded: URLFetch URL Length.');
  const headers: Record<string, string> = { ...(p.headers ?? {}) };
  let payload: string | undefined;
  if (p.payload !== undefined) {
    payload =
      typeof p.payload === 'string'
        ? p.payload
        : Object.entries(p.payload)
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
            .join('&');
    headers['content-type'] = p.contentType ?? 'application/x-www-form-urlencoded';
  }
  const method = (p.method ?? (payload ? 'post' : 'get')).toLowerCase();
  // The quotas page's "current limitations" of one call, and the methods UrlFetchApp takes (U4).
  if (!METHODS.includes(method)) throw new GasError(`Invalid argument: method (${p.method})`);
  const names = Object.keys(headers);
  if (names.length > MAX_HEADERS) throw new GasError('Limit Exceeded: URLFetch Headers.');
  const headerBytes = names.reduce(
    (n, k) => n + Buffer.byteLength(k) + Buffer.byteLength(String(headers[k])),
    0,
  );
  if (headerBytes > MAX_HEADER_BYTES) throw new GasError('Limit Exceeded: URLFetch Header Size.');
  if (payload !== undefined && Buffer.byteLength(payload) > MAX_POST_BYTES)
    throw new GasError('Limit Exceeded: URLFetch POST Size.');
  const raw: RawRequest = { url, method, headers };
  if (payload !== undefined) raw.payload = payload;
  return raw;
}

function response(r: Extract<RawResponse, { status: number }>) {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers))
    headers[k.replace(/(^|-)([a-z])/g, (_m, d, c: string) => d + c.toUpperCase())] = Array.isArray(
      v,
    )
      ? v.join(', ')
      : v;
  return {
    getResponseCode: () => r.status,
    getContentText: () => r.body,
    getHeaders: () => ({ ...headers }),
    getAllHeaders: () => ({ ...headers }),
  };
}

/** Google's words when one user's calls come too fast (the quotas page, "Errors"). */
export const SHORT_TIME =
  'Service invoked too many times in a short time: urlfetch. Try Utilities.sleep(1000) between calls.';

export function urlFetchApp(env: UrlFetchEnv) {
  // Every execution of the user counts (a column of filled-down formulas calls at once): X5.
  const paced = () => {
    if (env.callsPerSecond === null) return;
    const now = env.now();
    const recent = (env.stats.recentCalls[env.user] ?? []).filter((t) => now - t < 1000);
    if (recent.length >= env.callsPerSecond) throw new GasError(SHORT_TIME);
    recent.push(now);
    env.stats.recentCalls[env.user] = recent;
  };
  const count = (n: number) => {
    const day = env.window();
    const used = env.stats.perDay[day] ?? 0;
    if (used + n > env.dailyQuota)
      throw new GasError('Service invoked too many times for one day: urlfetch.');
    env.stats.perDay[day] = used + n;
    env.stats.requests += n;
  };
  const timeout = () => Math.max(1000, Math.min(60000, env.remainingMs()));
  const logged = (r: RawRequest) =>
    env.stats.log.push({
      method: r.method,
      url: r.url,
      user: env.user,
      key: headerOf(r, 'x-api-key'),
    });
  /**
   * UrlFetchApp follows a redirect unless the request says `followRedirects: false` (U2): the
   * request goes again to the address it points to (a GET after 303, or after 301/302 of a POST,
   * as browsers do), inside the allowlist, up to MAX_REDIRECTS times.
   */
  const follow = (raw: RawRequest, r: RawResponse, p: FetchParams | undefined): RawResponse => {
    for (let hop = 0; hop < MAX_REDIRECTS && p?.followRedirects !== false; hop++) {
      if (r.error !== undefined || !REDIRECTS.includes(r.status)) return r;
      const location = r.headers['location'];
      if (typeof location !== 'string') return r;
      const asGet = r.status === 303 || (r.status <= 302 && raw.method === 'post');
      raw = { ...raw, url: new URL(location, raw.url).href, ...(asGet ? { method: 'get' } : {}) };
      if (asGet) delete raw.payload;
      checkAllowed(raw.url, env.allowlist);
      logged(raw);
      r = env.http.fetchAll([{ ...raw, url: routeOf(raw.url, env.routes) }], timeout())[0]!;
    }
    return r;
  };
  const send = (raws: RawRequest[], params: FetchParams[]) => {
    for (const r of raws) checkAllowed(r.url, env.allowlist);
    for (const r of raws) logged(r);
    const routed = raws.map((r) => ({ ...r, url: routeOf(r.url, env.routes) }));
    const out = env.http.fetchAll(routed, timeout()).map((r, i) => follow(raws[i]!, r, params[i]));
    env.elapse(raws.length);
    return out.map((r, i) => {
      if (r.error !== undefined) throw new GasError(r.error);
      if (Buffer.byteLength(r.body) > RESPONSE_LIMIT)
        throw new GasError('Response exceeds the maximum allowed size (50 MB).');
      if (r.status >= 400 && !params[i]?.muteHttpExceptions) {
        throw new GasError(
          `Request failed for ${raws[i]!.url} returned code ${r.status}. Truncated server response: ${r.body.slice(0, 100)} (use muteHttpExceptions option to examine full response)`,
        );
      }
      return response(r);
    });
  };
  return {
    fetch(url: string, params: FetchParams = {}) {
      env.call('UrlFetchApp.fetch');
      paced();
      env.stats.fetchCalls++;
      count(1);
      return send([toRaw(url, params)], [params])[0];
    },
    fetchAll(requests: FetchParams[]) {
      env.call('UrlFetchApp.fetchAll');
      paced();
      env.stats.fetchAllCalls++;
      env.stats.batches.push(requests.length);
      count(requests.length);
      return send(
        requests.map((p) => toRaw(String(p.url), p)),
        requests,
      );
    },
  };
}
