/**
 * Bulk preview generation: the sales-team workflow's first half. Thin over domain/previewJobs
 * (what to send and write) and gas/sheetTable (one read, batched writes).
 */
import { PRESS_LOCK_WAIT_MS, RUN_BUDGET_MS } from '../limits';
import { parsers, requests, type PreviewCreated } from '../api/client';
import { serviceError, type Result, type ServiceError } from '../api/errors';
import {
  createdPatch,
  errorPatch,
  isAccountRefusal,
  planGeneration,
  type GenerationPlan,
  type RowPatch,
  type RowState,
} from '../domain/previewJobs';
import { HEADER_ROW, PREVIEW_HEADERS, type PreviewKey } from '../domain/table';
import { setBackgroundWork } from '../gas/backgroundWork';
import { appsScriptClock } from '../gas/clock';
import { addScoreColourScale } from '../gas/formatting';
import { withDocumentLock } from '../gas/lock';
import { quotaLeft, QUOTA_RESERVE } from '../gas/quota';
import { sendWithin } from '../gas/send';
import { clientConfig, rememberAccountNotice } from '../gas/settings';
import { logAction } from '../gas/runLog';
import { selectedBlock } from '../gas/selection';
import { cell, openTable, readGrid, writePatches, type Table } from '../gas/sheetTable';
import type { GenerateReport, GenerateRequest, SelectionSummary } from '../contract';

/**
 * POSTs per fetchAll. A dropped connection loses every answer of its batch after the service has
 * acted on each request, so a lost batch is sent again (previews cost no credits) and may make an
 * extra preview per row in it. Batches start at 50 and grow fourfold while the connection is clean
 * (50, 200, 800: three round trips for 1,000 rows), and stay at a few after a drop so that each
 * further loss costs few extra previews.
 */
const POST_BATCHING = { firstBatch: 50, growth: 4, maxBatch: 1000, sizeAfterLoss: 3, minBatch: 1 };
/** Only what the service refused before acting on: an answered retry must never create twice. */
const mayResend = (e: ServiceError) =>
  e.code === 'RATE_LIMITED' || (e.code === 'SERVER_ERROR' && e.status === 503);

function rowStates(
  table: Table<PreviewKey>,
  first: number,
  last: number,
  column: number,
): RowState[] {
  const out: RowState[] = [];
  for (let row = first; row <= last; row++) {
    out.push({
      row,
      website: table.values[row - 1]?.[column - 1] ?? '',
      uuid: String(cell(table, row, 'uuid') ?? '').trim(),
      status: String(cell(table, row, 'status') ?? '').trim(),
      reportUrl: String(cell(table, row, 'reportUrl') ?? ''),
      requested: requestedCell(cell(table, row, 'requested')),
    });
  }
  return out;
}

function requestedCell(value: unknown): Date | string {
  return value instanceof Date ? value : '';
}

export function getSelectionSummary(): SelectionSummary {
  const block = selectedBlock();
  const sheetName = SpreadsheetApp.getActiveSheet().getName();
  if (!block) {
    return {
      sheetName,
      a1: null,
      urls: 0,
      alreadyHavePreview: 0,
      willSend: 0,
      invalid: 0,
      quotaLeft: quotaLeft(),
      message: 'Select the cells that hold the websites (one column).',
    };
  }
  const table = openTable(block.sheet, PREVIEW_HEADERS, false);
  const selection = rowStates(table, block.first, block.last, block.column);
  const plan = planGeneration(
    selection,
    rowStates(table, HEADER_ROW + 1, table.values.length, block.column),
  );
  const willSend = plan.send.length;
  return {
    sheetName: block.sheet.getName(),
    a1: block.a1,
    urls: selection.length - plan.blank,
    alreadyHavePreview: plan.alreadyHavePreview + plan.reuse.length,
    willSend,
    invalid: plan.invalid.length,
    quotaLeft: quotaLeft(),
    message: null,
  };
}

function report(
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

export function startPreviewsForSelection(request?: GenerateRequest): GenerateReport {
  const r = generateUnderLock(request);
  if (r.state !== 'busy' && r.state !== 'nothing')
    logAction(SpreadsheetApp.getActiveSpreadsheet(), 'generate previews', {
      sheet: r.request?.sheetName ?? '',
      rows: r.created + r.reused + r.failed,
      requests: r.created + r.failed,
      changed: r.created + r.reused,
      errors: r.failed,
      result: r.message,
    });
  return r;
}

function generateUnderLock(request?: GenerateRequest): GenerateReport {
  return withDocumentLock(
    PRESS_LOCK_WAIT_MS,
    () => generate(request),
    () =>
      report(
        'busy',
        'Previews are already being generated in this document: wait for that run to finish.',
      ),
  );
}

function generate(request?: GenerateRequest): GenerateReport {
  const started = appsScriptClock.now();
  const config = clientConfig();
  if (!config.apiKey) return report('refused', serviceError('KEY_MISSING').message);
  const block = selectedBlock(request);
  if (!block)
    return report(
      'nothing',
      'Select the cells that hold the websites (one column), then press Generate.',
    );
  const where: GenerateRequest = { sheetName: block.sheet.getName(), a1: block.a1 };
  const values = readGrid(block.sheet);
  const found = openTable(block.sheet, PREVIEW_HEADERS, false, values);
  const planned = planGeneration(
    rowStates(found, block.first, block.last, block.column),
    rowStates(found, HEADER_ROW + 1, found.values.length, block.column),
  );
  // What fits in today's URL fetches (less the reserve for polling) is sent; the rest waits.
  const room = Math.max(0, quotaLeft() - QUOTA_RESERVE);
  const tomorrow = Math.max(0, planned.send.length - room);
  const plan = { ...planned, send: planned.send.slice(0, room) };
  if (tomorrow > 0 && plan.send.length === 0) {
    return report('refused', serviceError('QUOTA').message, {
      request: where,
      leftForTomorrow: tomorrow,
    });
  }
  // Rows decided locally are written with the first answers, so a refusal leaves every row as it was.
  const writer = rowWriter(block.sheet, values, localPatches(plan));
  const run = sendPreviews(config, plan, started, writer);
  if (run.refusal && run.counts.created === 0) {
    rememberAccountNotice(run.refusal.message);
    return report('refused', run.refusal.message, {
      request: where,
      upgradeUrl: run.refusal.upgradeUrl ?? null,
    });
  }
  writer.write(new Map());
  if (run.counts.created + run.counts.reused > 0)
    setBackgroundWork(
      block.sheet.getParent().getId(),
      'previews',
      run.counts.created + run.counts.reused,
    );
  return finalReport(plan, run, where, tomorrow);
}

/** What the run did, in one sentence and its counts: done, or partial (call again to continue). */
function finalReport(
  plan: GenerationPlan,
  run: ReturnType<typeof sendPreviews>,
  where: GenerateRequest,
  tomorrow: number,
): GenerateReport {
  const { counts } = run;
  const remaining = run.refusal ? 0 : plan.send.length - run.settled;
  const later = tomorrow
    ? ` ${tomorrow} rows were left for tomorrow: today's URL-fetch quota is nearly used (${QUOTA_RESERVE} fetches are kept for polling). Press Generate again tomorrow.`
    : '';
  const summary = summarise(counts, plan.alreadyHavePreview) + later;
  if (remaining > 0) {
    return report('partial', `${summary} ${remaining} left: continuing…`, {
      ...counts,
      remaining,
      request: where,
      warning: run.warning,
    });
  }
  if (plan.send.length + plan.reuse.length + plan.invalid.length === 0) {
    return report(
      'nothing',
      plan.alreadyHavePreview
        ? 'Every selected row already has a preview: to make a new one for a row, clear its Preview UUID and press Generate.'
        : 'No websites in the selection: select the cells that hold them (one column), then press Generate.',
      { request: where },
    );
  }
  return report('done', summary, {
    ...counts,
    request: where,
    warning: run.warning,
    leftForTomorrow: tomorrow,
  });
}

/** Rows decided without a request: bad URLs, and duplicates of a site previewed in another row. */
function localPatches(plan: GenerationPlan): Map<number, RowPatch> {
  const patches = new Map<number, RowPatch>();
  for (const r of plan.invalid) patches.set(r.row, errorPatch({ local: r.message }));
  // A reused preview was requested at some earlier time: the poll may ask about it at once.
  for (const r of plan.reuse)
    patches.set(r.row, createdPatch(r.from.uuid, r.from.reportUrl, r.from.requested));
  return patches;
}

/** Writes rows as answers come (`first` with the first write); our columns are created then. */
function rowWriter(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  values: unknown[][],
  first: Map<number, RowPatch>,
) {
  let table: Table<PreviewKey> | null = null;
  return {
    write(patches: Map<number, RowPatch>): void {
      for (const [row, patch] of first) if (!patches.has(row)) patches.set(row, patch);
      first.clear();
      if (patches.size === 0) return;
      table = table ?? prepareColumns(sheet, values);
      writePatches(table, patches);
    },
  };
}

/**
 * POSTs the plan's sites, writing each row as its answer becomes final (a run cut off later loses
 * nothing), and stops at the first account-wide refusal, which touches no row.
 */
function sendPreviews(
  config: ReturnType<typeof clientConfig>,
  plan: GenerationPlan,
  started: number,
  writer: ReturnType<typeof rowWriter>,
) {
  const counts = { created: 0, reused: plan.reuse.length, failed: plan.invalid.length };
  let warning: string | null = null;
  let refusal: ServiceError | null = null;
  let settled = 0;
  sendWithin(
    started + RUN_BUDGET_MS - appsScriptClock.now(),
    plan.send.map((s) => requests.previewCreate(config, s.url)),
    parsers.previewCreate,
    {
      ...POST_BATCHING,
      retryable: mayResend,
      onRoundTrip: (indices, results) => {
        const answers = indices.map((i) => results[i] as Result<PreviewCreated>);
        refusal = firstRefusal(answers);
        if (refusal && counts.created === 0) return false;
        const patches = new Map<number, RowPatch>();
        const requested = new Date(appsScriptClock.now());
        indices.forEach((i, k) => {
          const result = answers[k]!;
          for (const row of plan.send[i]!.rows)
            patches.set(
              row,
              result.ok
                ? createdPatch(result.value.uuid, result.value.reportUrl, requested)
                : errorPatch(result.error),
            );
          if (result.ok) counts.created++;
          else counts.failed++;
          if (result.ok && result.warning && !warning) warning = result.warning;
        });
        settled += indices.length;
        writer.write(patches);
        return !refusal;
      },
    },
  );
  return { counts, warning, settled, refusal: refusal as ServiceError | null };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function summarise(
  counts: { created: number; reused: number; failed: number },
  had: number,
): string {
  const parts = [plural(counts.created, 'preview started', 'previews started')];
  if (counts.reused) parts.push(`${counts.reused} reused`);
  if (counts.failed) parts.push(`${plural(counts.failed, 'row', 'rows')} with errors`);
  if (had) parts.push(`${had} already had one`);
  return `${parts.join(', ')}.`;
}

function firstRefusal(results: Array<Result<PreviewCreated> | undefined>): ServiceError | null {
  for (const r of results) if (r && !r.ok && isAccountRefusal(r.error)) return r.error;
  return null;
}

function prepareColumns(
  sheet: GoogleAppsScript.Spreadsheet.Sheet,
  values: unknown[][],
): Table<PreviewKey> {
  const table = openTable(sheet, PREVIEW_HEADERS, true, values);
  if (table.added.length) {
    addScoreColourScale(sheet, [
      table.columns.score,
      table.columns.knowledge,
      table.columns.sentiment,
    ]);
  }
  return table;
}
