/**
 * A Generate run's decisions over plain data: what fits in today's fetches, which refusals may be
 * sent again, what one round trip of answers writes, and the report the sidebar shows. The add-on
 * layer reads the sheet, sends, writes, and calls these.
 */
import { type RowPatch } from './previewColumns';
import type { PreviewCreated } from '../api/client';
import { serviceError, type Result, type ServiceError } from '../api/errors';
import type { GenerateReport, GenerateRequest, SelectionSummary } from '../contract/previews';
import {
  createdPatch,
  duplicateIdPatch,
  errorPatch,
  idKey,
  isAccountRefusal,
  type GenerationPlan,
  type Presser,
} from './previewJobs';
import { counted } from '../contract/words';

/**
 * POSTs per fetchAll. A dropped connection (or a site the service takes past Google's 60 s) loses
 * every answer of its batch after the service has acted on the others, and the service has no way
 * to ask which previews it made: a lost batch is sent again (previews cost no credits), one extra
 * preview per row in it. So the trade is batch size against round trips. Batches start at 8 and
 * double while the connection is clean, but stay at most 48 until 500 requests went without a
 * loss (at 2% drops that happens about once in 25,000 runs): one drop costs at most 48 rows, and
 * a clean connection still reaches 1,000 a batch. After a loss, the rest of the call goes one
 * request at a time, the lost ones first, so a slow or dropped site costs its own row, sent twice
 * at most (in its batch, then alone); a connection that dropped in the last hour starts at one
 * (DROP_MEMORY_MS). Modelled (src/api/batch.ts over a transport dropping 2% of requests, 2,000
 * seeds of 500 rows): 39 extra previews on average, the worst of any 20 seeds 68 (uncapped: 52
 * and 261), about 473 round trips; a clean 10,000-row Generate in 26 round trips (uncapped: 16).
 */
export const POST_BATCHING = {
  firstBatch: 8,
  growth: 2,
  maxBatch: 1000,
  provenCap: 48,
  provenAfter: 500,
  sizeAfterLoss: 1,
  minBatch: 1,
  maxLostTries: 2,
  // Google's fetch gives up at 60 s; a dropped connection loses its batch sooner. A batch lost
  // that late was a service too slow to answer, which most likely made each preview: never sent
  // again by the run (its rows say so; a person's press, or a lead's next try, decides).
  slowLossMs: 50_000,
};

/** How long a dropped connection is remembered: the next Generate within it starts small. */
export const DROP_MEMORY_MS = 3600 * 1000;

/** How long a clean run's batch size is remembered: a list's next part, sent by the run that
 * continues it (a long list takes several executions), starts where the last one stopped. */
export const BATCH_MEMORY_MS = 10 * 60 * 1000;

/**
 * The batching of a Generate, from when this user's connection last dropped (ms, or null) and the
 * batch size a clean run reached before its time ran out (or null).
 */
export function postBatching(
  lastDropAt: number | null,
  reached: BatchReached | null,
  now: number,
): typeof POST_BATCHING & { cleanBefore?: number } {
  const recent = lastDropAt !== null && now - lastDropAt < DROP_MEMORY_MS;
  if (recent) return { ...POST_BATCHING, firstBatch: POST_BATCHING.sizeAfterLoss };
  if (reached === null) return POST_BATCHING;
  return {
    ...POST_BATCHING,
    firstBatch: Math.min(POST_BATCHING.maxBatch, reached.size),
    cleanBefore: reached.clean,
  };
}

/** Where a clean Generate cut off by its time stopped: its batch size and requests sent clean. */
export interface BatchReached {
  size: number;
  clean: number;
}

/** Only what the service refused before acting on: an answered retry must never create twice. */
export const mayResend = (e: ServiceError): boolean =>
  e.code === 'RATE_LIMITED' || (e.code === 'SERVER_ERROR' && e.status === 503);

/** A plan cut to today's URL fetches: `tomorrow` sites wait, `reserve` fetches are kept for polling. */
export interface Fit {
  plan: GenerationPlan;
  tomorrow: number;
  reserve: number;
}

export function fitToQuota(plan: GenerationPlan, quotaLeft: number, reserve: number): Fit {
  const room = Math.max(0, quotaLeft - reserve);
  return {
    plan: { ...plan, send: plan.send.slice(0, room) },
    tomorrow: Math.max(0, plan.send.length - room),
    reserve,
  };
}

/**
 * The presser's own previews a run's rows now share with another row of their site: recorded as
 * pending again, so their poll completes the new rows (an answer their run kept is theirs too). A teammate's stays theirs: their poll
 * completes every row that holds it.
 */
export const reusedIds = (plan: GenerationPlan, presser: Presser): string[] => [
  ...new Set(
    plan.reuse
      .filter((r) => r.kept || presser.made.has(idKey(r.from.uuid)))
      .map((r) => r.from.uuid),
  ),
];

/** Rows decided without a request: bad URLs, and duplicates of a site previewed in another row. */
export function localPatches(plan: GenerationPlan): Map<number, RowPatch> {
  const patches = new Map<number, RowPatch>();
  for (const r of plan.invalid) patches.set(r.row, errorPatch({ local: r.message }));
  // A reused preview was requested at some earlier time: the poll may ask about it at once. Its
  // link comes from the service when the poll finds it complete, never from the other row's cell,
  // which anyone may have typed; an answer this person's run kept carries the service's own.
  for (const r of plan.reuse)
    patches.set(
      r.row,
      createdPatch(
        r.from.uuid,
        r.kept ? r.from.reportUrl : null,
        r.from.requested,
        r.from.requestedBy,
      ),
    );
  return patches;
}

/**
 * A preview the service made for this person's key whose row was not written yet: kept in their
 * own record before the write, so a run cut off between the answers and the write loses nothing
 * and the next press writes it rather than asking the service for a second one.
 */
export interface KeptAnswer {
  domain: string;
  uuid: string;
  reportUrl: string | null;
  /** When it was requested (ms). */
  requested: number;
}

/**
 * The plan with each site a kept answer covers reusing it (no POST); `written`: kept answers the
 * sheet holds already (their write went through), to forget.
 */
export function withKeptAnswers(
  plan: GenerationPlan,
  kept: readonly KeptAnswer[],
  me: string,
): { plan: GenerationPlan; written: string[] } {
  const inSheet = (a: KeptAnswer) => plan.known.has(a.uuid.toLowerCase());
  const byDomain = new Map(kept.filter((a) => !inSheet(a)).map((a) => [a.domain, a]));
  const send: GenerationPlan['send'] = [];
  const reuse = [...plan.reuse];
  for (const s of plan.send) {
    const a = byDomain.get(s.domain);
    if (!a) {
      send.push(s);
      continue;
    }
    const from = {
      row: s.rows[0]!,
      website: s.url,
      uuid: a.uuid,
      status: 'pending',
      reportUrl: a.reportUrl ?? '',
      requested: new Date(a.requested),
      requestedBy: me,
    };
    for (const row of s.rows) reuse.push({ row, from, kept: true });
  }
  return { plan: { ...plan, send, reuse }, written: kept.filter(inSheet).map((a) => a.uuid) };
}

/** What a round trip's answers made, by site: kept before their rows are written. */
export function keptAnswers(
  sends: GenerationPlan['send'],
  answers: ReadonlyArray<Result<PreviewCreated> | undefined>,
  made: readonly string[],
  requested: number,
): KeptAnswer[] {
  const mine = new Set(made);
  return answers.flatMap((r, k) =>
    r?.ok && mine.has(r.value.uuid)
      ? [{ domain: sends[k]!.domain, uuid: r.value.uuid, reportUrl: r.value.reportUrl, requested }]
      : [],
  );
}

export interface Counts {
  created: number;
  reused: number;
  failed: number;
}

export interface RoundTrip {
  /** Every row of every site answered, by row: a site refused account-wide is left as it was. */
  patches: Map<number, RowPatch>;
  created: number;
  failed: number;
  /** Sites whose answer is written (all but those refused account-wide, which stay unsent). */
  answered: number;
  /** Later rows of a site listed more than once, sharing the preview made for its first row. */
  repeats: number;
  warning: string | null;
  /** The first account-wide refusal among the answers (read-only, plan, key). */
  refusal: ServiceError | null;
  /** The previews made, each written to its rows: the maker's own from now on. */
  made: string[];
}

/**
 * One round trip's answers (answers[k] for sends[k]) into its rows and counts. `known` holds the
 * preview ids the sheet and this run's earlier trips hold, by row: an id the service gives a second
 * site marks both sites' rows (a failure, not a preview) and is added for the trips after.
 */
export function settleRoundTrip(
  sends: GenerationPlan['send'],
  answers: Array<Result<PreviewCreated>>,
  requested: Date,
  known: Map<string, number[]>,
  me: string,
): RoundTrip {
  const trip: RoundTrip = {
    patches: new Map(),
    created: 0,
    failed: 0,
    answered: 0,
    repeats: 0,
    warning: null,
    refusal: null,
    made: [],
  };
  answers.forEach((result, k) => {
    if (!result.ok && isAccountRefusal(result.error)) {
      trip.refusal ??= result.error;
      return;
    }
    trip.answered++;
    const rows = sends[k]!.rows;
    const id = result.ok ? result.value.uuid.toLowerCase() : '';
    const others = (known.get(id) ?? []).filter((row) => !rows.includes(row));
    let patch: RowPatch;
    if (!result.ok) patch = errorPatch(result.error);
    else if (others.length) {
      patch = duplicateIdPatch(result.value.uuid, others[0]!);
      for (const row of others)
        trip.patches.set(row, duplicateIdPatch(result.value.uuid, rows[0]!));
    } else {
      patch = createdPatch(result.value.uuid, result.value.reportUrl, requested, me);
      trip.made.push(result.value.uuid);
    }
    if (id) known.set(id, [...(known.get(id) ?? []), ...rows]);
    for (const row of rows) trip.patches.set(row, patch);
    // Counted by row, so a summary accounts for every row it was given.
    if (result.ok && !others.length) {
      trip.created++;
      trip.repeats += rows.length - 1;
    } else trip.failed += rows.length;
    if (result.ok && result.warning) trip.warning ??= result.warning;
  });
  return trip;
}

export function report(
  state: GenerateReport['state'],
  message: string,
  extra: Partial<GenerateReport> = {},
): GenerateReport {
  return {
    state,
    message,
    created: 0,
    reused: 0,
    failed: 0,
    remaining: 0,
    request: null,
    upgradeUrl: null,
    warning: null,
    leftForTomorrow: 0,
    ...extra,
  };
}

export const BUSY_REPORT = report(
  'busy',
  'Previews are already being generated in this document: wait for that run to finish.',
);

export interface RunResult {
  counts: Counts;
  warning: string | null;
  /** Sites whose answer was final (written). */
  settled: number;
  refusal: ServiceError | null;
  /** POSTs sent, a lost batch's again included: what the run log counts (a bad URL is none). */
  requests: number;
}

/**
 * Every row of the run accounted for, so the counts agree with the progress below ("53 rows: 52
 * previews started, 1 shares the preview of the same site in another row").
 */
function summarise(counts: Counts, had: number, blank: number): string {
  const rows = counts.created + counts.reused + counts.failed + had + blank;
  const parts = [counted(counts.created, 'preview started', 'previews started')];
  if (counts.reused)
    parts.push(
      `${counted(counts.reused, 'shares', 'share')} the preview of the same site in another row`,
    );
  if (counts.failed) parts.push(`${counts.failed} with errors (their Preview status says why)`);
  if (had) parts.push(`${had} already had one`);
  if (blank) parts.push(`${blank} blank`);
  return `${counted(rows, 'row')}: ${parts.join(', ')}.`;
}

/** Nothing was sent because the quota is used, or nothing was made because of a refusal (no row touched). */
export function refusedReport(
  where: GenerateRequest,
  tomorrow: number,
  refusal: ServiceError | null,
): GenerateReport {
  if (refusal)
    return report('refused', refusal.message, {
      request: where,
      upgradeUrl: refusal.upgradeUrl ?? null,
    });
  return report('refused', serviceError('QUOTA').message, {
    request: where,
    leftForTomorrow: tomorrow,
  });
}

/** What the run did, in one sentence and its counts: done, or partial (call again to continue). */
export function finalReport(fit: Fit, run: RunResult, where: GenerateRequest): GenerateReport {
  const { plan, tomorrow } = fit;
  const { counts } = run;
  const remaining = plan.send.length - run.settled;
  const later = tomorrow
    ? ` ${counted(tomorrow, 'row was', 'rows were')} left for tomorrow: today's requests are nearly used up (${fit.reserve} are kept to finish previews already started). Press Generate again tomorrow.`
    : '';
  const summary = summarise(counts, plan.alreadyHavePreview, plan.blank) + later;
  const shared = { ...counts, request: where, warning: run.warning, requests: run.requests };
  if (run.refusal) {
    // What was made is in its rows; what was not sent stays blank, so the next Generate sends only it.
    const unsent = plan.send.length - run.settled;
    return report(
      'refused',
      `${run.refusal.message} ${summary} ${counted(unsent, 'site was', 'sites were')} not sent: press Generate again once that is fixed, and only they are sent.`,
      { ...shared, upgradeUrl: run.refusal.upgradeUrl ?? null },
    );
  }
  if (remaining > 0)
    return report('partial', `${summary} ${remaining} left: continuing…`, { ...shared, remaining });
  if (plan.send.length + plan.reuse.length + plan.invalid.length === 0) {
    return report(
      'nothing',
      where.only === 'stranded'
        ? 'Nothing to make again: no preview of this list waits on that person or on an unknown ID any more (they were heard from again, or the previews completed or were made again meanwhile).'
        : plan.alreadyHavePreview
          ? 'Every selected row already has a preview: to make a new one for a row, clear its Preview UUID and press Generate.'
          : 'No websites in the selection: select the cells that hold them (one column), then press Generate.',
      { request: where },
    );
  }
  return report('done', summary, { ...shared, leftForTomorrow: tomorrow });
}

/** The sidebar's count of a selection before Generate. */
export function selectionSummary(
  plan: GenerationPlan,
  where: { sheetName: string; a1: string },
  selected: number,
  quotaLeft: number,
): SelectionSummary {
  return {
    ...where,
    urls: selected - plan.blank,
    alreadyHavePreview: plan.alreadyHavePreview + plan.reuse.length,
    willSend: plan.send.length,
    repeats: plan.send.reduce((n, s) => n + s.rows.length - 1, 0),
    invalid: plan.invalid.length + plan.flagged,
    quotaLeft,
    message: null,
  };
}
