/**
 * Sends many requests in as few round trips as the service tolerates: hundreds per fetchAll,
 * halving the batch only when the service answers 429, retrying what may succeed later with
 * backoff (honouring Retry-After), and never past a deadline.
 */
import { isRetryable, type Result, type ServiceError } from './errors';
import type { HttpRequest, HttpResponse, Transport } from './http';

export interface Clock {
  now(): number;
  sleep(ms: number): void;
}

export interface BatchOptions {
  clock: Clock;
  /** Absolute time (clock.now()) after which no round trip starts. */
  deadline: number;
  maxBatch?: number;
  minBatch?: number;
  maxAttempts?: number;
  baseDelayMs?: number;
  /** Which failures to send again. POSTs pass a narrower rule: a retry must not create twice. */
  retryable?: (error: ServiceError) => boolean;
}

export interface BatchOutcome<T> {
  /** undefined where the deadline came before the request could be sent. */
  results: Array<Result<T> | undefined>;
  roundTrips: number;
  requestsSent: number;
}

export const DEFAULT_MAX_BATCH = 1000;
const MAX_BACKOFF_MS = 4000;

export function sendAll<T>(
  transport: Transport,
  requests: HttpRequest[],
  parse: (response: HttpResponse, nowMs: number) => Result<T>,
  options: BatchOptions,
): BatchOutcome<T> {
  const { clock, deadline } = options;
  const minBatch = options.minBatch ?? 10;
  const maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  const maxAttempts = options.maxAttempts ?? 8;
  const baseDelay = options.baseDelayMs ?? 500;
  const retryable = options.retryable ?? isRetryable;
  let batchSize = maxBatch;

  const results: Array<Result<T> | undefined> = new Array(requests.length).fill(undefined);
  const attempts: number[] = new Array(requests.length).fill(0);
  let fresh = requests.map((_, i) => i);
  /** Requests to send again, each not before its time (Retry-After or backoff). */
  let waiting: Array<{ index: number; notBefore: number }> = [];
  let roundTrips = 0;
  let requestsSent = 0;

  while ((fresh.length > 0 || waiting.length > 0) && clock.now() < deadline) {
    const now = clock.now();
    const due = waiting.filter((w) => w.notBefore <= now).slice(0, batchSize);
    const chunk = due.map((w) => w.index).concat(fresh.slice(0, batchSize - due.length));
    if (chunk.length === 0) {
      // Only throttled requests are left: wait for the first of them, within the deadline.
      const next = Math.min(...waiting.map((w) => w.notBefore));
      if (next >= deadline) break;
      clock.sleep(next - now);
      continue;
    }
    const dueSet = new Set(due.map((w) => w.index));
    waiting = waiting.filter((w) => !dueSet.has(w.index));
    fresh = fresh.slice(chunk.length - due.length);

    const responses = transport.fetchAll(chunk.map((i) => requests[i] as HttpRequest));
    roundTrips++;
    requestsSent += chunk.length;
    // fetchAll loses every answer of a batch when one request gets none: that is chance, not
    // load, so the batch is sent again at once in smaller batches and no attempt is counted.
    const lost = responses.every((r) => r.status === 0);
    let throttled = 0;
    chunk.forEach((index, k) => {
      const result = parse(responses[k] as HttpResponse, clock.now());
      results[index] = result;
      if (!lost) attempts[index] = (attempts[index] ?? 0) + 1;
      const tries = attempts[index] ?? 0;
      if (result.ok || !retryable(result.error) || tries >= maxAttempts) return;
      if (result.error.code === 'RATE_LIMITED') throttled++;
      const backoff = lost
        ? 0
        : (result.error.retryAfterMs ?? Math.min(MAX_BACKOFF_MS, baseDelay * 2 ** (tries - 1)));
      waiting.push({ index, notBefore: clock.now() + backoff });
    });
    // Shrink when the service pushes back on most of a batch; grow back while it does not.
    if (lost) batchSize = Math.max(minBatch, Math.floor(batchSize / 4));
    else if (throttled * 2 > chunk.length)
      batchSize = Math.max(minBatch, Math.floor(batchSize / 2));
    else batchSize = Math.min(maxBatch, batchSize * 2);
  }
  return { results, roundTrips, requestsSent };
}
