/**
 * Sends many requests in as few round trips as the service and the connection tolerate: the one
 * batch-size policy of the add-on. Batches grow while all is well, halve when the service answers
 * 429 to most of a batch, stay small after a dropped connection, and grow no further than the
 * time left can answer at the pace the service has shown; what may succeed later
 * is retried with backoff (honouring Retry-After), and no round trip starts past a deadline.
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
  /** The first batch's size (default: maxBatch). */
  firstBatch?: number;
  maxBatch?: number;
  minBatch?: number;
  /** How much a batch grows after a clean round trip (default 2). */
  growth?: number;
  /**
   * A batch grows past `provenCap` only once `provenAfter` requests went without a lost
   * connection: one dropped connection costs at most a capped batch, and a clean connection
   * still reaches maxBatch (default: no cap).
   */
  provenCap?: number;
  provenAfter?: number;
  /** Requests an earlier call continuing the same work sent without a loss (default 0). */
  cleanBefore?: number;
  /**
   * After a dropped connection the batch shrinks to this size (default minBatch) and stays there
   * for the rest of the call: on a connection that drops, each request in a batch is one more
   * chance to lose the whole batch (and a lost POST may have been acted on).
   */
  sizeAfterLoss?: number;
  maxAttempts?: number;
  /** Sends of a request whose batch lost its connection, counting the first (default 3). */
  maxLostTries?: number;
  baseDelayMs?: number;
  /** Which answered failures to send again. POSTs pass a narrower rule: a retry must not create twice. */
  retryable?: (error: ServiceError) => boolean;
  /**
   * Called after each round trip with the indices whose result is final (not waiting to be sent
   * again), so work is saved as it returns. Returning false sends nothing more.
   */
  onRoundTrip?: (
    settled: number[],
    results: ReadonlyArray<Result<unknown> | undefined>,
  ) => boolean | void;
}

export interface BatchOutcome<T> {
  /** undefined where the deadline came before the request could be sent. */
  results: Array<Result<T> | undefined>;
  roundTrips: number;
  requestsSent: number;
  /** Requests sent in batches whose connection dropped (each may have been acted on). */
  lostSends: number;
  /** The size the next batch would have had: where a continued call may start. */
  nextBatch: number;
  /** Requests sent without a loss, this call's and `cleanBefore`; 0 after a loss. */
  cleanSent: number;
}

const DEFAULT_MAX_BATCH = 1000;
const DEFAULT_MAX_LOST_TRIES = 3;
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
  const growth = options.growth ?? 2;
  const maxAttempts = options.maxAttempts ?? 8;
  const maxLostTries = options.maxLostTries ?? DEFAULT_MAX_LOST_TRIES;
  const baseDelay = options.baseDelayMs ?? 500;
  const retryable = options.retryable ?? isRetryable;
  let batchSize = Math.min(maxBatch, options.firstBatch ?? maxBatch);
  let hadLoss = false;

  const results: Array<Result<T> | undefined> = new Array(requests.length).fill(undefined);
  const attempts: number[] = new Array(requests.length).fill(0);
  const lostTries: number[] = new Array(requests.length).fill(0);
  let fresh = requests.map((_, i) => i);
  /** Requests to send again, each not before its time (Retry-After or backoff). */
  let waiting: Array<{ index: number; notBefore: number }> = [];
  let roundTrips = 0;
  let requestsSent = 0;
  let lostSends = 0;

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

    const sentAt = clock.now();
    const responses = transport.fetchAll(chunk.map((i) => requests[i] as HttpRequest));
    // The service's pace as this round trip shows it: its time over its size.
    const msPerRequest = (clock.now() - sentAt) / chunk.length;
    roundTrips++;
    requestsSent += chunk.length;
    // fetchAll loses every answer of a batch when one request gets none (the service has acted
    // on the others): that is chance, not load, so the batch is sent again at once, smaller,
    // up to maxLostTries sends per request, whatever the retry rule for answered failures.
    if (responses.some((r) => r.notSent)) {
      // The day's quota is used up, or the permission to send is not granted: no request is sent
      // again, and none not yet sent goes out.
      const spent = parse(responses.find((r) => r.notSent) as HttpResponse, clock.now());
      const unsent = [...chunk, ...waiting.map((w) => w.index), ...fresh];
      for (const index of unsent) results[index] = spent;
      options.onRoundTrip?.(unsent, results);
      return outcome(true);
    }
    const lost = responses.every((r) => r.status === 0 && !r.notSent);
    if (lost) lostSends += chunk.length;
    let throttled = 0;
    const settled: number[] = [];
    chunk.forEach((index, k) => {
      const result = parse(responses[k] as HttpResponse, clock.now());
      results[index] = result;
      if (result.ok) return void settled.push(index);
      if (lost) {
        lostTries[index] = (lostTries[index] ?? 0) + 1;
        if ((lostTries[index] ?? 0) < maxLostTries) waiting.push({ index, notBefore: 0 });
        else settled.push(index);
        return;
      }
      attempts[index] = (attempts[index] ?? 0) + 1;
      const tries = attempts[index] ?? 0;
      if (!retryable(result.error) || tries >= maxAttempts) return void settled.push(index);
      if (result.error.code === 'RATE_LIMITED') throttled++;
      const backoff =
        result.error.retryAfterMs ?? Math.min(MAX_BACKOFF_MS, baseDelay * 2 ** (tries - 1));
      waiting.push({ index, notBefore: clock.now() + backoff });
    });
    if (options.onRoundTrip?.(settled, results) === false) return outcome(true);
    if (lost) {
      hadLoss = true;
      batchSize = options.sizeAfterLoss ?? minBatch;
    } else if (throttled * 2 > chunk.length) {
      batchSize = Math.max(minBatch, Math.floor(batchSize / 2));
    } else if (!hadLoss) {
      const proven = (options.cleanBefore ?? 0) + requestsSent >= (options.provenAfter ?? 0);
      const cap = proven ? maxBatch : Math.min(maxBatch, options.provenCap ?? maxBatch);
      batchSize = Math.min(cap, batchSize * growth);
    }
    // A batch grows only as far as the time left answers at the pace the last round trip showed:
    // on a slow service a batch grown twofold could outlast the execution, which Google then stops
    // with nothing saved. It never shrinks for time: a service's pace can be its fixed latency.
    if (msPerRequest > 0 && batchSize > chunk.length)
      batchSize = Math.max(
        chunk.length,
        Math.min(batchSize, Math.floor((deadline - clock.now()) / msPerRequest)),
      );
  }
  return outcome(false);

  /**
   * Lost requests still waiting to be sent again when the time runs out are settled with their
   * loss, so their rows say they got no answer (and the next run sends them) rather than nothing.
   */
  function outcome(stopped: boolean): BatchOutcome<T> {
    const unsentLost = waiting.map((w) => w.index).filter((i) => (lostTries[i] ?? 0) > 0);
    if (!stopped && unsentLost.length) options.onRoundTrip?.(unsentLost, results);
    const cleanSent = hadLoss ? 0 : (options.cleanBefore ?? 0) + requestsSent;
    return { results, roundTrips, requestsSent, lostSends, nextBatch: batchSize, cleanSent };
  }
}
