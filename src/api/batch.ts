/**
 * Sends many requests in as few round trips as the service and the connection tolerate: the one
 * batch-size policy of the add-on. Batches grow while all is well, halve when the service answers
 * 429 to most of a batch, stay small after a dropped connection, and grow no further than the
 * time left can answer at the pace the service has shown; what may succeed later
 * is retried with backoff (honouring Retry-After), and no round trip starts past a deadline.
 */
import { fail, isRetryable, serviceError, type Result, type ServiceError } from './errors';
import type { HttpRequest, HttpResponse, Transport } from './http';

export interface Clock {
  now(): number;
  sleep(ms: number): void;
}

/** One answered round trip: how many requests it carried and how long it took (ms). */
export type Trip = readonly [size: number, ms: number];

/**
 * A round trip's time as a fixed latency plus a time per request, from the trips seen so far
 * (oldest first); null before any. One trip cannot tell the two apart: with one size seen, its
 * time is read as all per request (the reading under which a batch too large outlasts the
 * execution, which Google then stops with nothing saved); two sizes give both.
 */
export function paceOf(trips: readonly Trip[]): { fixedMs: number; perRequestMs: number } | null {
  const last = trips[trips.length - 1];
  if (!last) return null;
  const other = [...trips].reverse().find((t) => t[0] !== last[0]);
  if (!other) return { fixedMs: 0, perRequestMs: last[1] / last[0] };
  const perRequestMs = Math.max(0, (last[1] - other[1]) / (last[0] - other[0]));
  return { fixedMs: Math.max(0, last[1] - perRequestMs * last[0]), perRequestMs };
}

/** How many requests a round trip can carry in `leftMs`; Infinity where nothing bounds it. */
export function roomFor(trips: readonly Trip[], leftMs: number): number {
  const pace = paceOf(trips);
  if (!pace) return Infinity;
  if (leftMs < pace.fixedMs) return 0;
  return pace.perRequestMs > 0 ? Math.floor((leftMs - pace.fixedMs) / pace.perRequestMs) : Infinity;
}

/**
 * The next batch: `wanted` (grown, or after a loss), no larger than `leftMs` answers, at least
 * `smallest`; null where not even `smallest` fits, and no round trip should start. While only one
 * size has been seen, a batch within a quarter of it is half that size instead (as safe under
 * either reading of its time), so the next round trip tells latency and pace apart.
 */
export function sizeFor(
  trips: readonly Trip[],
  leftMs: number,
  wanted: number,
  smallest: number,
): number | null {
  const fits = roomFor(trips, leftMs);
  if (fits < smallest) return null;
  const size = Math.min(wanted, Math.max(smallest, fits));
  const seen = trips[trips.length - 1];
  // Sizes within a quarter of each other would read the service's noise as its pace.
  const close = seen && size * 4 > seen[0] * 3 && size * 3 < seen[0] * 4;
  return seen && close && trips.every((t) => t[0] === seen[0])
    ? Math.max(smallest, Math.min(size, Math.floor(seen[0] / 2)))
    : size;
}

/** The trips worth keeping for the next call: the last, and the latest of another size. */
export function tripsToKeep(trips: readonly Trip[]): Trip[] {
  const last = trips[trips.length - 1];
  if (!last) return [];
  const other = [...trips].reverse().find((t) => t[0] !== last[0]);
  return other ? [other, last] : [last];
}

export interface BatchOptions {
  clock: Clock;
  /** Absolute time (clock.now()) after which no round trip starts. */
  deadline: number;
  /** The first batch's size (default: maxBatch). */
  firstBatch?: number;
  /** Round trips earlier calls saw of this service (`tripsToKeep`): the pace carries over. */
  pastTrips?: readonly Trip[];
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
  /**
   * A lost batch whose round trip lasted this long was not a dropped connection but a service
   * too slow to answer (UrlFetchApp gives up waiting): it was most likely acted on, so none of
   * its requests is sent again in this call, and each is settled as TIMED_OUT. Unset: a slow
   * loss is sent again like any other.
   */
  slowLossMs?: number;
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
    /** Lost in this round trip and queued to be sent again: their outcome is not known yet. */
    resending?: readonly number[],
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
  /** The answered round trips, the past ones given included, to keep for the next call. */
  trips: Trip[];
}

const DEFAULT_MAX_BATCH = 1000;
const DEFAULT_MAX_LOST_TRIES = 3;
const MAX_BACKOFF_MS = 4000;

/** Where each request stands while a call sends them: its answer, its tries, what waits. */
interface Queue<T> {
  results: Array<Result<T> | undefined>;
  attempts: number[];
  lostTries: number[];
  /** Requests not sent yet, in order. */
  fresh: number[];
  /** Requests to send again, each not before its time (Retry-After or backoff). */
  waiting: Array<{ index: number; notBefore: number }>;
}

/** How a call sends: its options with their defaults, resolved once. */
function rules(options: BatchOptions) {
  return {
    minBatch: options.minBatch ?? 10,
    maxBatch: options.maxBatch ?? DEFAULT_MAX_BATCH,
    growth: options.growth ?? 2,
    maxAttempts: options.maxAttempts ?? 8,
    maxLostTries: options.maxLostTries ?? DEFAULT_MAX_LOST_TRIES,
    baseDelay: options.baseDelayMs ?? 500,
    retryable: options.retryable ?? isRetryable,
  };
}
type Rules = ReturnType<typeof rules>;

/**
 * The next batch within the time left, or null to stop. Where nothing fits before the deadline
 * and this call sent nothing yet, a call that sends nothing would never move: it sends what takes
 * at most a quarter longer than the smallest batch would (all it wants where the time is latency,
 * about the smallest where it is per request; the budgets leave room for a round trip past the
 * deadline).
 */
function planBatch(
  trips: readonly Trip[],
  leftMs: number,
  sentThisCall: number,
  wanted: number,
  smallest: number,
): number | null {
  const size = sizeFor(trips, leftMs, wanted, smallest);
  const pace = paceOf(trips);
  if (size !== null || sentThisCall > 0 || !pace) return size;
  if (pace.perRequestMs === 0) return wanted;
  const longest = 1.25 * (pace.fixedMs + pace.perRequestMs * smallest);
  const most = Math.floor((longest - pace.fixedMs) / pace.perRequestMs);
  return Math.min(wanted, Math.max(smallest, most));
}

/**
 * Each answer of a round trip into its request's result: final (settled), or waiting to be sent
 * again. A lost batch (fetchAll loses every answer when one request gets none: chance, not load)
 * is sent again at once, up to maxLostTries sends per request, unless it took so long that the
 * service most likely acted on it (TIMED_OUT); an answered failure by the retry rule, after its
 * backoff.
 */
function settleChunk<T>(
  q: Queue<T>,
  chunk: number[],
  answers: Array<Result<T>>,
  r: Rules,
  loss: { lost: boolean; timedOut: boolean },
  now: number,
): { settled: number[]; throttled: number; resending: number[] } {
  const settled: number[] = [];
  const resending: number[] = [];
  let throttled = 0;
  chunk.forEach((index, k) => {
    const result = answers[k] as Result<T>;
    q.results[index] = result;
    if (result.ok) return void settled.push(index);
    if (loss.timedOut) {
      q.results[index] = fail(serviceError('TIMED_OUT'));
      return void settled.push(index);
    }
    if (loss.lost) {
      q.lostTries[index] = (q.lostTries[index] ?? 0) + 1;
      if ((q.lostTries[index] ?? 0) < r.maxLostTries) {
        q.waiting.push({ index, notBefore: 0 });
        resending.push(index);
      } else settled.push(index);
      return;
    }
    const tries = (q.attempts[index] = (q.attempts[index] ?? 0) + 1);
    if (!r.retryable(result.error) || tries >= r.maxAttempts) return void settled.push(index);
    if (result.error.code === 'RATE_LIMITED') throttled++;
    const backoff =
      result.error.retryAfterMs ?? Math.min(MAX_BACKOFF_MS, r.baseDelay * 2 ** (tries - 1));
    q.waiting.push({ index, notBefore: now + backoff });
  });
  return { settled, throttled, resending };
}

/** The next batch: requests due to be sent again first, then fresh ones; taken off the queue. */
function takeChunk<T>(q: Queue<T>, size: number, now: number): number[] {
  const due = q.waiting.filter((w) => w.notBefore <= now).slice(0, size);
  const chunk = due.map((w) => w.index).concat(q.fresh.slice(0, size - due.length));
  if (chunk.length === 0) return chunk;
  const dueSet = new Set(due.map((w) => w.index));
  q.waiting = q.waiting.filter((w) => !dueSet.has(w.index));
  q.fresh = q.fresh.slice(chunk.length - due.length);
  return chunk;
}

/** Google's own advice when it refuses a call for its pace: "Try Utilities.sleep(1000)". */
const GOOGLE_PAUSE_MS = 1000;

/**
 * Google refused the call for the pace of the person's calls (nothing was sent): when a second's
 * wait still fits, the chunk waits it and goes again; otherwise its rows say why (TOO_FAST).
 */
function pausedForGoogle<T>(
  responses: readonly HttpResponse[],
  q: Queue<T>,
  chunk: readonly number[],
  clock: BatchOptions['clock'],
  deadline: number,
): boolean {
  if (!responses.some((res) => res.notSent === 'rate')) return false;
  if (clock.now() + GOOGLE_PAUSE_MS >= deadline) return false;
  clock.sleep(GOOGLE_PAUSE_MS);
  q.fresh.unshift(...chunk);
  return true;
}

/**
 * The next batch's size after a round trip: small again after a loss, halved when the service
 * throttled most of it, otherwise grown (up to the unproven cap until enough went through clean).
 */
function nextSize(
  size: number,
  r: Rules,
  options: BatchOptions,
  trip: { lost: boolean; hadLoss: boolean; throttled: number; sent: number; requestsSent: number },
): number {
  if (trip.lost) return options.sizeAfterLoss ?? r.minBatch;
  if (trip.throttled * 2 > trip.sent) return Math.max(r.minBatch, Math.floor(size / 2));
  if (trip.hadLoss) return size;
  const proven = (options.cleanBefore ?? 0) + trip.requestsSent >= (options.provenAfter ?? 0);
  const cap = proven ? r.maxBatch : Math.min(r.maxBatch, options.provenCap ?? r.maxBatch);
  return Math.min(cap, size * r.growth);
}

export function sendAll<T>(
  transport: Transport,
  requests: HttpRequest[],
  parse: (response: HttpResponse, nowMs: number) => Result<T>,
  options: BatchOptions,
): BatchOutcome<T> {
  const { clock, deadline } = options;
  const r = rules(options);
  const trips: Trip[] = [...(options.pastTrips ?? [])];
  let sentThisCall = 0;
  const plan = (wanted: number, smallest: number) =>
    planBatch(trips, deadline - clock.now(), sentThisCall, wanted, smallest);
  // Without a first size given, the past round trips size it, or it is the largest.
  let batchSize =
    options.firstBatch !== undefined
      ? Math.min(r.maxBatch, options.firstBatch)
      : (plan(r.maxBatch, Math.min(r.minBatch, requests.length)) ?? 0);
  let hadLoss = false;
  const q: Queue<T> = {
    results: new Array(requests.length).fill(undefined),
    attempts: new Array(requests.length).fill(0),
    lostTries: new Array(requests.length).fill(0),
    fresh: requests.map((_, i) => i),
    waiting: [],
  };
  let roundTrips = 0;
  let requestsSent = 0;
  let lostSends = 0;

  while ((q.fresh.length || q.waiting.length) && clock.now() < deadline && batchSize > 0) {
    const now = clock.now();
    const chunk = takeChunk(q, batchSize, now);
    if (chunk.length === 0) {
      // Only throttled requests are left: wait for the first of them, within the deadline.
      const next = Math.min(...q.waiting.map((w) => w.notBefore));
      if (next >= deadline) break;
      clock.sleep(next - now);
      continue;
    }

    const sentAt = clock.now();
    const responses = transport.fetchAll(chunk.map((i) => requests[i] as HttpRequest));
    if (pausedForGoogle(responses, q, chunk, clock, deadline)) continue;
    const took = clock.now() - sentAt;
    roundTrips++;
    sentThisCall++;
    requestsSent += chunk.length;
    if (responses.some((res) => res.notSent)) {
      // The day's quota is used up, or the permission to send is not granted: no request is sent
      // again, and none not yet sent goes out.
      const spent = parse(responses.find((res) => res.notSent) as HttpResponse, clock.now());
      const unsent = [...chunk, ...q.waiting.map((w) => w.index), ...q.fresh];
      for (const index of unsent) q.results[index] = spent;
      options.onRoundTrip?.(unsent, q.results);
      return outcome(true);
    }
    const lost = responses.every((res) => res.status === 0 && !res.notSent);
    const timedOut = lost && options.slowLossMs !== undefined && took >= options.slowLossMs;
    if (lost) lostSends += chunk.length;
    else trips.push([chunk.length, took]);
    const answers = responses.map((res) => parse(res, clock.now()));
    const { settled, throttled, resending } = settleChunk(
      q,
      chunk,
      answers,
      r,
      { lost, timedOut },
      clock.now(),
    );
    if (options.onRoundTrip?.(settled, q.results, resending) === false) return outcome(true);
    const sent = chunk.length;
    batchSize = nextSize(batchSize, r, options, { lost, hadLoss, throttled, sent, requestsSent });
    hadLoss ||= lost;
    // A batch is only as large as the time left answers at the pace the round trips showed: a
    // batch that outlasts the execution is stopped by Google with nothing saved.
    const left = q.fresh.length + q.waiting.length;
    const next = plan(batchSize, Math.min(r.minBatch, batchSize, left));
    if (next === null) break;
    batchSize = next;
  }
  return outcome(false);

  function outcome(stopped: boolean): BatchOutcome<T> {
    const counts = { roundTrips, requestsSent, lostSends, nextBatch: batchSize };
    return finish(q, options, stopped, hadLoss, trips, counts);
  }
}

/**
 * What a call did. Lost requests still waiting to be sent again when the time runs out are
 * settled with their loss, so their rows say they got no answer (and the next run sends them)
 * rather than nothing.
 */
function finish<T>(
  q: Queue<T>,
  options: BatchOptions,
  stopped: boolean,
  hadLoss: boolean,
  trips: readonly Trip[],
  counts: { roundTrips: number; requestsSent: number; lostSends: number; nextBatch: number },
): BatchOutcome<T> {
  const unsentLost = q.waiting.map((w) => w.index).filter((i) => (q.lostTries[i] ?? 0) > 0);
  if (!stopped && unsentLost.length) options.onRoundTrip?.(unsentLost, q.results);
  const cleanSent = hadLoss ? 0 : (options.cleanBefore ?? 0) + counts.requestsSent;
  return { results: q.results, ...counts, cleanSent, trips: tripsToKeep(trips) };
}
