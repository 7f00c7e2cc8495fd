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
  const maxAttempts = options.maxAttempts ?? 8;
  const baseDelay = options.baseDelayMs ?? 500;
  const retryable = options.retryable ?? isRetryable;
  let batchSize = options.maxBatch ?? DEFAULT_MAX_BATCH;

  const results: Array<Result<T> | undefined> = new Array(requests.length).fill(undefined);
  const attempts: number[] = new Array(requests.length).fill(0);
  let queue = requests.map((_, i) => i);
  let roundTrips = 0;
  let requestsSent = 0;
  let retryRound = 0;

  while (queue.length > 0 && clock.now() < deadline) {
    const chunk = queue.slice(0, batchSize);
    queue = queue.slice(chunk.length);
    const responses = transport.fetchAll(chunk.map((i) => requests[i] as HttpRequest));
    roundTrips++;
    requestsSent += chunk.length;

    const again: number[] = [];
    let waitMs = 0;
    let throttled = false;
    chunk.forEach((index, k) => {
      const result = parse(responses[k] as HttpResponse, clock.now());
      results[index] = result;
      attempts[index] = (attempts[index] ?? 0) + 1;
      if (!result.ok && retryable(result.error) && (attempts[index] ?? 0) < maxAttempts) {
        again.push(index);
        if (result.error.code === 'RATE_LIMITED') throttled = true;
        waitMs = Math.max(waitMs, result.error.retryAfterMs ?? 0);
      }
    });
    if (again.length === 0) continue;

    if (throttled) batchSize = Math.max(minBatch, Math.floor(batchSize / 2));
    retryRound++;
    const backoff = Math.max(waitMs, Math.min(MAX_BACKOFF_MS, baseDelay * 2 ** (retryRound - 1)));
    queue = again.concat(queue);
    if (clock.now() + backoff >= deadline) break;
    clock.sleep(backoff);
  }
  return { results, roundTrips, requestsSent };
}
