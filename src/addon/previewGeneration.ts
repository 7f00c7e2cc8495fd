/**
 * Bulk preview generation: the sales-team workflow's first half. Reads the selection once, asks
 * domain/previewJobs and domain/generationRun what to send and write, sends, and writes rows as
 * their answers come. The document's Generate claim (not its lock) keeps a second Generate from
 * sending the same rows: previews are sent with no lock held, and each round trip's rows are
 * written under the lock over the sheet as it is then.
 */
import * as z from 'zod/mini';
import { PREVIEW_COLUMNS, type RowPatch } from '../domain/previewColumns';
import { QUOTA_RESERVE, RUN_BUDGET_MS, WRITE_LOCK_WAIT_MS } from '../limits';
import { parsers, requests, type PreviewCreated } from '../api/client';
import { serviceError, type Result } from '../api/errors';
import {
  BUSY_REPORT,
  finalReport,
  fitToQuota,
  keptAnswers,
  localPatches,
  reusedIds,
  withKeptAnswers,
  mayResend,
  BATCH_MEMORY_MS,
  DROP_MEMORY_MS,
  postBatching,
  refusedReport,
  report,
  selectionSummary,
  settleRoundTrip,
  type Fit,
  type RunResult,
} from '../domain/generationRun';
import {
  notInIndexSelection,
  planGeneration,
  markResending,
  retrySelection,
  type GenerationPlan,
  type Presser,
  type RowState,
} from '../domain/previewJobs';
import {
  HEADER_ROW,
  rowsIn,
  type ColumnBlock,
  type SheetGrid,
  type SheetRef,
} from '../domain/table';
import { strandedSelection } from '../domain/previewOwners';
import { readGenerateRequest } from '../domain/generateInput';
import { ownership, presser, recordMine } from '../kit/previewRecords';
import { answersKept, forgetAnswers, keepAnswers } from './keptAnswers';
import { foundGrid, recordKind, type Claimed, type Kit } from '../kit/ports';
import { appsScriptKit } from '../gas/kit';
import { SCORE_COLUMNS } from '../domain/scoreColumns';
import { withRoomNotice } from '../gas/docMetadata';
import { remember, SETTING } from '../kit/settings';
import { planShown } from '../domain/plan';
import { outputSheetRefusal } from '../domain/outputSheets';
import { websiteBlock } from '../kit/websiteBlock';
import type { GenerateReport, GenerateRequest, SelectionSummary } from '../contract/previews';
import { activeBook, newId } from '../gas/active';

/** What sending a Generate's previews and writing their rows goes through (a press, a lead run). */
export interface GenerateRun {
  /**
   * The list, the service, the clock, the person's records (their previews, the answers kept
   * before their rows are written, what their recent runs learnt of the connection), and the work
   * their hourly run goes on with.
   */
  kit: Kit;
  /** Who presses, with the previews their own record says their key made here (read once a run). */
  presser: Presser;
  /** The list as the run found it: renamed meanwhile, its rows still land there. */
  list: SheetRef;
  /** The run's Generate claim, renewed with each write of rows. */
  claim: Claimed;
}

/**
 * What this person's recent runs learnt of the connection, in their cache (which may forget: a
 * hint saves noise, nothing depends on it): when a batch last dropped, and the batch size a clean
 * run reached before its time ran out.
 */
const DROPPED_AT = recordKind('generate.droppedAt', () => z.number(), 0);
const REACHED = recordKind(
  'generate.reached',
  () => z.nullable(z.object({ size: z.number(), clean: z.number() })),
  null,
);
const LAST = 'last';

/** Rows `first` to `last` as Generate decides by them: the site in `column`, the preview cells. */
function rowStates(grid: SheetGrid, first: number, last: number, column: number): RowState[] {
  return rowsIn(grid.name, grid.values, PREVIEW_COLUMNS, first, last).rows.map(
    ({ row, cells }) => ({
      row,
      website: grid.values[row - 1]?.[column - 1] ?? '',
      uuid: String(cells.uuid).trim(),
      status: String(cells.status).trim(),
      reportUrl: String(cells.reportUrl),
      requested: requestedCell(cells.requested),
      requestedBy: String(cells.requestedBy).trim(),
    }),
  );
}

function requestedCell(value: unknown): Date | string {
  return value instanceof Date ? value : '';
}

export function getSelectionSummary(): SelectionSummary {
  const kit = appsScriptKit(activeBook());
  const block = kit.view.block();
  if (!block)
    return {
      sheetName: kit.view.sheet(),
      a1: null,
      urls: 0,
      alreadyHavePreview: 0,
      willSend: 0,
      repeats: 0,
      invalid: 0,
      quotaLeft: kit.account.quotaLeft(),
      message: 'Select the cells that hold the websites (one column).',
    };
  const grid = foundGrid(kit, block);
  const selection = rowStates(grid, block.first, block.last, block.column);
  const plan = planGeneration(selection, sheetRows(grid, block.column), presser(kit));
  const where = { sheetName: block.name, a1: block.a1 };
  return selectionSummary(plan, where, selection.length, kit.account.quotaLeft());
}

/** Every row of the sheet: a site previewed in another row is reused, not sent again. */
const sheetRows = (grid: SheetGrid, column: number) =>
  rowStates(grid, HEADER_ROW + 1, grid.values.length, column);

/**
 * How many rows "Generate previews for these rows" would send now: rows the public index lacks
 * and no preview serves yet (a site previewed in another row is reused, not sent), by the same
 * plan the press makes. The Scores tab offers the button only for these.
 */
export function previewableNotInIndex(
  kit: Kit,
  block: Pick<ColumnBlock, 'first' | 'last' | 'column'>,
  grid: SheetGrid,
): number {
  return planFor(presser(kit), kit, block, grid, 'notInIndex').send.length;
}

export function startPreviewsForSelection(input?: GenerateRequest): GenerateReport {
  const request = readGenerateRequest(input);
  if (typeof request === 'string') return report('refused', request);
  const r = withRoomNotice(generateUnderClaim(request));
  if (r.state !== 'busy' && r.state !== 'nothing')
    appsScriptKit(activeBook()).log.action('generate previews', {
      sheet: r.request?.sheetName ?? '',
      rows: r.created + r.reused + r.failed,
      requests: r.requests ?? 0,
      changed: r.created + r.reused,
      errors: r.failed,
      result: r.message,
    });
  return r;
}

function generateUnderClaim(request?: GenerateRequest): GenerateReport {
  const run = request?.run ?? newId();
  const kit = appsScriptKit(activeBook());
  const started = kit.account.now();
  const claim = kit.locks.claim(run, started);
  if (!claim) return BUSY_REPORT;
  try {
    const r = generate(kit, claim, started, request);
    return r.request ? { ...r, request: { ...r.request, run } } : r;
  } finally {
    claim.release();
  }
}

/**
 * Previews for chosen rows of a sheet (a lead watch's new rows), by the press's plan and writer:
 * a site previewed in another row is reused, a row with its preview keeps it. Call under the
 * Generate claim. `refusal`: the account-wide answer that stopped it, if any.
 */
export function previewRows(
  ports: GenerateRun,
  column: number,
  rows: readonly number[],
  started: number,
): {
  refusal: string | null;
  unsent: number;
  links: ReadonlyMap<string, string>;
  /** Requests this call sent to the service (the log counts them). */
  requests: number;
} {
  const grid = foundGrid(ports.kit, ports.list);
  const selection = rows.flatMap((r) => rowStates(grid, r, r, column));
  const fit = fitToQuota(
    reusingKept(ports, planGeneration(selection, sheetRows(grid, column), ports.presser)),
    ports.kit.account.quotaLeft(),
    QUOTA_RESERVE,
  );
  const { writer, links } = linksFromService(ports, recordedLocally(ports, fit.plan));
  const run = fit.plan.send.length ? sendPreviews(ports, fit, started, writer) : runOf(fit.plan);
  if (run.refusal) remember(ports.kit.records.mine, SETTING.accountNotice, run.refusal.message);
  writer.write(new Map());
  const made = run.counts.created + run.counts.reused;
  if (made > 0) ports.kit.later.keep('previews', made);
  return {
    refusal: run.refusal?.message ?? null,
    unsent: fit.plan.send.length - run.settled + fit.tomorrow,
    links,
    requests: run.requests ?? 0,
  };
}

/**
 * Generate's row writer that also keeps, by uuid, the report link of each preview the service
 * made for this person's key: a link to e-mail comes from there, never from a cell (rows decided
 * locally reuse what another row's cells hold).
 */
function linksFromService(ports: GenerateRun, local: Map<number, RowPatch>) {
  const decidedLocally = new Set(local.keys());
  const inner = rowWriter(ports, local);
  const links = new Map<string, string>();
  const writer: typeof inner = {
    write(patches) {
      for (const [row, p] of patches)
        if (
          !decidedLocally.has(row) &&
          typeof p.uuid === 'string' &&
          typeof p.reportUrl === 'string'
        )
          links.set(p.uuid, p.reportUrl);
      inner.write(patches);
    },
  };
  return { writer, links };
}

function generate(
  kit: Kit,
  claim: Claimed,
  started: number,
  request?: GenerateRequest,
): GenerateReport {
  if (!kit.service.config().apiKey) return report('refused', serviceError('KEY_MISSING').message);
  const block = blockPressed(kit, request);
  if (!('sheetId' in block)) return block;
  const only = request?.only;
  const where: GenerateRequest = {
    sheetName: block.name,
    a1: block.a1,
    ...(only ? { only } : {}),
    ...(only === 'stranded' ? { maker: request?.maker ?? '' } : {}),
  };
  // The selection's sheet read once, whole: its rows, and the site in any column.
  const grid = foundGrid(kit, block);
  const ports: GenerateRun = { kit, presser: presser(kit), list: grid, claim };
  const planned = reusingKept(
    ports,
    planFor(ports.presser, kit, block, grid, only, request?.maker),
  );
  const fit = fitToQuota(planned, ports.kit.account.quotaLeft(), QUOTA_RESERVE);
  if (fit.tomorrow > 0 && fit.plan.send.length === 0)
    return refusedReport(where, fit.tomorrow, null);
  // Rows decided locally are written with the first answers, so a refusal leaves every row as it was.
  const writer = rowWriter(ports, recordedLocally(ports, fit.plan));
  const run = sendPreviews(ports, fit, started, writer);
  if (run.refusal) remember(kit.records.mine, SETTING.accountNotice, run.refusal.message);
  const plan = planShown({ refusal: run.refusal, created: run.counts.created });
  if (plan) remember(kit.records.mine, SETTING.plan, plan);
  if (run.refusal && run.counts.created === 0) return refusedReport(where, 0, run.refusal);
  writer.write(new Map());
  const made = run.counts.created + run.counts.reused;
  if (made > 0) ports.kit.later.keep('previews', made);
  return finalReport(fit, run, where);
}

/** The cells a press sends from, or what a press that does nothing says ('nothing': not logged). */
function blockPressed(kit: Kit, request?: GenerateRequest): ColumnBlock | GenerateReport {
  const refused = request ? null : outputSheetRefusal(kit.view.sheet(), 'press Generate');
  if (refused) return report('nothing', refused);
  const block = request?.only ? websiteBlock(kit, request.sheetName) : kit.view.block(request);
  return (
    block ??
    report(
      'nothing',
      request?.only
        ? 'No rows to send: they were sent already, or the sheet has no Website column.'
        : 'Select the cells that hold the websites (one column), then press Generate.',
    )
  );
}

/**
 * The rows a press decides without a request, a reused preview of this person's recorded as theirs
 * before any row names it: the first round trip writes these rows (even one lost to a dropped
 * connection) before a refusal can end the run.
 */
function recordedLocally(ports: GenerateRun, plan: GenerationPlan): Map<number, RowPatch> {
  recordMine(ports.kit, reusedIds(plan, ports.presser));
  return localPatches(plan);
}

/**
 * The plan with the answers a cut-off run kept (and never wrote) reused for their sites, and the
 * kept answers the sheet already holds forgotten.
 */
function reusingKept(ports: GenerateRun, plan: GenerationPlan): GenerationPlan {
  const kept = answersKept(ports.kit);
  if (!kept.length) return plan;
  const out = withKeptAnswers(plan, kept, ports.presser.me);
  forgetAnswers(ports.kit, out.written);
  return out.plan;
}

/** `me`: the presser the run read once; `kit`: where the makers' records are read. */
function planFor(
  me: Presser,
  kit: Kit,
  block: Pick<ColumnBlock, 'first' | 'last' | 'column'>,
  grid: SheetGrid,
  only?: GenerateRequest['only'],
  maker = '',
) {
  const all = sheetRows(grid, block.column);
  if (only === 'failed' || only === 'stranded') {
    const { selection, sheet } =
      only === 'failed' ? retrySelection(all) : strandedSelection(all, ownership(kit), maker);
    return planGeneration(selection, sheet, me);
  }
  if (only === 'notInIndex') {
    const messages = new Map(
      rowsIn(grid.name, grid.values, SCORE_COLUMNS).rows.map((r) => [r.row, r.cells.message]),
    );
    return planGeneration(
      notInIndexSelection(all, (row) => messages.get(row) ?? ''),
      all,
      me,
    );
  }
  return planGeneration(rowStates(grid, block.first, block.last, block.column), all, me);
}

/**
 * Writes rows as answers come (`first` with the first write; our columns are created then), each
 * time under the document lock over the preview columns as they are then (a poll may have written
 * other rows meanwhile), renewing the run's claim on the document. Throws when the document stays
 * busy.
 */
export function rowWriter(ports: GenerateRun, first: Map<number, RowPatch>) {
  return {
    write(patches: Map<number, RowPatch>): void {
      for (const [row, patch] of first) if (!patches.has(row)) patches.set(row, patch);
      first.clear();
      const held = ports.kit.locks.document(WRITE_LOCK_WAIT_MS);
      if (!held) throw new Error(BUSY_WRITING);
      try {
        ports.claim.renew();
        if (patches.size) ports.kit.tables.write(ports.list, PREVIEW_COLUMNS, patches);
      } finally {
        held.release();
      }
    },
  };
}

const BUSY_WRITING =
  'The document stayed busy for 30 s, so the rows of the previews just started could not be written: check those rows before pressing Generate again.';

/**
 * POSTs the plan's sites, writing each row as its answer becomes final (a run cut off later loses
 * nothing), and stops at the first account-wide refusal: the refused sites stay unsent.
 */
export function sendPreviews(
  ports: GenerateRun,
  { plan }: Fit,
  started: number,
  writer: ReturnType<typeof rowWriter>,
): RunResult {
  const run = runOf(plan);
  const { service, account, records } = ports.kit;
  const config = service.config();
  const outcome = service.send(
    plan.send.map((s) => requests.previewCreate(config, s.url)),
    parsers.previewCreate,
    started + RUN_BUDGET_MS - account.now(),
    {
      ...postBatching(
        records.cached.get(DROPPED_AT, LAST),
        records.cached.get(REACHED, LAST),
        account.now(),
      ),
      retryable: mayResend,
      onRoundTrip: settleEachTrip(ports, plan, run, writer),
    },
  );
  run.requests = outcome.requestsSent;
  if (outcome.lostSends > 0)
    records.cached.put(DROPPED_AT, account.now(), LAST, DROP_MEMORY_MS / 1000);
  const unsent = run.settled < plan.send.length && !run.refusal;
  const reached = { size: outcome.nextBatch, clean: outcome.cleanSent };
  records.cached.put(
    REACHED,
    unsent && !outcome.lostSends ? reached : null,
    LAST,
    BATCH_MEMORY_MS / 1000,
  );
  return run;
}

/** Each round trip's answers written at once, counted into the run; false stops the sending. */
function settleEachTrip(
  ports: GenerateRun,
  plan: Fit['plan'],
  run: RunResult,
  writer: ReturnType<typeof rowWriter>,
) {
  return (
    indices: number[],
    results: ReadonlyArray<Result<unknown> | undefined>,
    resending: readonly number[] = [],
  ): boolean => {
    const { kit } = ports;
    const sent = indices.map((i) => plan.send[i]!);
    const trip = settleRoundTrip(
      sent,
      indices.map((i) => results[i] as Result<PreviewCreated>),
      new Date(kit.account.now()),
      plan.known,
      ports.presser.me,
    );
    run.refusal ??= trip.refusal;
    // A refusal before any preview exists touches no row; after, what was made is written.
    if (trip.refusal && run.counts.created + trip.created === 0) return false;
    counted(run, trip);
    // Kept before the write: a run cut off between the answers and the rows loses none of them.
    const answers = indices.map((i) => results[i] as Result<PreviewCreated> | undefined);
    const made = keptAnswers(sent, answers, trip.made, kit.account.now());
    markResending(trip.patches, plan.send, resending);
    keepAnswers(kit, made);
    // Recorded as this person's before any row names them: a run cut off after the write must
    // not leave a row whose preview no record of hers knows, which no poll would ever ask about.
    recordMine(kit, trip.made);
    writer.write(trip.patches);
    forgetAnswers(
      kit,
      made.map((a) => a.uuid),
    );
    return !trip.refusal;
  };
}

/** A round trip's rows counted into the run. */
function counted(run: RunResult, trip: ReturnType<typeof settleRoundTrip>): void {
  run.counts.created += trip.created;
  run.counts.reused += trip.repeats;
  run.counts.failed += trip.failed;
  run.warning ??= trip.warning;
  run.settled += trip.answered;
}

/** A run before its first answer: the rows decided without a request already counted. */
const runOf = (plan: Fit['plan']): RunResult => ({
  counts: { created: 0, reused: plan.reuse.length, failed: plan.invalid.length },
  warning: null,
  settled: 0,
  refusal: null,
  requests: 0,
});
