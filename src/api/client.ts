/**
 * Request builders and response parsers for each endpoint. Pure: a builder makes an HttpRequest,
 * a parser turns an HttpResponse into a typed Result. Sending is the Transport's job.
 */
import type * as z from 'zod/mini';
import {
  errorFromResponse,
  fail,
  looksLikeErrorBody,
  ok,
  serviceError,
  type Result,
} from './errors';
import type { HttpRequest, HttpResponse } from './http';
import { joinUrl, withQuery } from './query';
import { PLATFORMS, type Platform } from '../engines';
import {
  brandScoreSchema,
  PREVIEW_OVERALL_FIELDS,
  previewCreatedSchema,
  previewPollSchema,
  reportSchema,
  scanStatusSchema,
  scanTriggerSchema,
  type PlatformEntry,
  type ScanComplete,
  type ScanFailed,
  type ScanRunning,
} from './schemas';
import { oneLine, SCORE_RANGE } from './serviceText';

export interface ClientConfig {
  baseUrl: string;
  apiKey?: string;
}

export type PlatformScores = Record<Platform, number | null>;

export interface BrandScore {
  brandName: string;
  slug: string;
  overallScore: number;
  /** As sent, and not used: the level shown is always derived from the score by the spec's table. */
  visibilityLevel: string | null;
  platformScores: PlatformScores;
  lastScanDate: string | null;
  brandPageUrl: string | null;
  /** What the service says the score is (`_service.what_you_are_seeing`), one line; '' if none. */
  said: string;
}

export type ScanStatus =
  | {
      state: 'complete';
      overallScore: number;
      scanDate: string;
      platformScores: PlatformScores;
      reportUrl: string | null;
    }
  | { state: 'failed'; scanDate: string | null }
  | { state: 'running'; completed: number | null; total: number | null; message: string }
  | { state: 'none'; message: string };

export interface PreviewCreated {
  uuid: string;
  status: string;
  /** null when the service sent none a person should be sent to (javascript:, http://…). */
  reportUrl: string | null;
  previewUrl: string | null;
}

export interface PreviewPoll {
  /** `complete`, `pending`, or whatever other state the service reports. */
  status: string;
  overallScore: number | null;
  knowledgeScore: number | null;
  sentimentScore: number | null;
  agentSiteUrl: string | null;
  brandName: string | null;
  /** The preview's report page as the service gives it to the key that asked. */
  reportUrl: string | null;
}

export type Lookup = { by: 'url' | 'slug' | 'name'; value: string };

function headers(cfg: ClientConfig, json: boolean): Record<string, string> {
  const out: Record<string, string> = { accept: 'application/json' };
  if (json) out['content-type'] = 'application/json';
  if (cfg.apiKey) out['x-api-key'] = cfg.apiKey;
  return out;
}

function get(cfg: ClientConfig, path: string, query: Record<string, string | number>): HttpRequest {
  return {
    method: 'get',
    url: withQuery(joinUrl(cfg.baseUrl, path), query),
    headers: headers(cfg, false),
  };
}

function post(cfg: ClientConfig, path: string, payload: unknown): HttpRequest {
  return { method: 'post', url: joinUrl(cfg.baseUrl, path), headers: headers(cfg, true), payload };
}

export const requests = {
  score: (cfg: ClientConfig, lookup: Lookup) =>
    get(cfg, '/api/visibility/score', { [lookup.by]: lookup.value }),
  scanStatus: (cfg: ClientConfig, syntheticId: number) =>
    get(cfg, '/api/visibility/scan', { syntheticId }),
  scanTrigger: (cfg: ClientConfig, syntheticId: number) =>
    post(cfg, '/api/visibility/scan', { syntheticId }),
  report: (cfg: ClientConfig, syntheticId: number) =>
    get(cfg, '/api/visibility/report', { syntheticId }),
  /** isPublic is never sent: the service forces it false and warns when it is present. */
  previewCreate: (cfg: ClientConfig, url: string) =>
    post(cfg, '/api/visibility/scan-preview', { url }),
  previewPoll: (cfg: ClientConfig, uuid: string) =>
    get(cfg, '/api/visibility/scan-preview', { uuid }),
};

/** Which schema field failed, for a message that names it (a score out of range as such). */
function firstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  const path = issue && issue.path.length ? issue.path.join('.') : 'body';
  return issue && (issue.code === 'too_big' || issue.code === 'too_small')
    ? `impossible score in ${path}, outside ${SCORE_RANGE.min}-${SCORE_RANGE.max}`
    : `bad field: ${path}`;
}

/** Status, JSON, error record, then schema: every response goes through this before use. */
function parseBody<S extends z.ZodMiniType>(
  response: HttpResponse,
  schema: S,
  nowMs: number,
): Result<z.infer<S>> {
  if (response.status < 200 || response.status >= 300) {
    return fail(errorFromResponse(response, nowMs));
  }
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    return fail(
      serviceError('MALFORMED_RESPONSE', { status: response.status, detail: 'not JSON' }),
    );
  }
  if (looksLikeErrorBody(json)) return fail(errorFromResponse(response, nowMs));
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return fail(
      serviceError('MALFORMED_RESPONSE', {
        status: response.status,
        detail: firstIssue(parsed.error),
      }),
    );
  }
  return ok(parsed.data as z.infer<S>, warningOf(response));
}

/** The isPublic deprecation arrives as headers (and a body field): a warning, never an error. */
function warningOf(response: HttpResponse): string | undefined {
  const text = response.headers['x-service-warning'] ?? response.headers['warning'];
  return text ? oneLine(text) : undefined;
}

/** A platform not queried is null, never 0; a 0 counts only when it was queried. */
export function platformScore(entry: PlatformEntry | undefined): number | null {
  if (typeof entry === 'number') return entry;
  if (entry === null || entry === undefined) return null;
  if (entry.queried === false) return null;
  const score = entry.score ?? entry.value;
  return typeof score === 'number' ? score : null;
}

function platformScores(raw: Partial<Record<Platform, PlatformEntry>> | undefined): PlatformScores {
  const out = {} as PlatformScores;
  for (const p of PLATFORMS) out[p] = platformScore(raw?.[p]);
  return out;
}

function map<A, B>(result: Result<A>, fn: (a: A) => B): Result<B> {
  return result.ok ? ok(fn(result.value), result.warning) : result;
}

// Loose objects keep unknown fields, which hides the literal discriminants from TypeScript:
// these guards restate the schema's choice (scanStatusSchema tries the shapes in this order).
type ScanRecord = z.infer<ReturnType<typeof scanStatusSchema>>;
const isFailed = (r: ScanRecord): r is ScanFailed =>
  r.scanAvailable === true && r.scanFailed === true;
const isComplete = (r: ScanRecord): r is ScanComplete =>
  r.scanAvailable === true && r.scanFailed !== true;
const isRunning = (r: ScanRecord): r is ScanRunning =>
  r.scanAvailable === false && r.scanInProgress === true;

function toScanStatus(r: ScanRecord): ScanStatus {
  if (isFailed(r)) {
    // The spec's `summary` always says no engine answered and retrying is usual: the monitor
    // says so in its own words, naming the menu item to use.
    return { state: 'failed', scanDate: r.scanDate ?? null };
  }
  if (isComplete(r)) {
    return {
      state: 'complete',
      overallScore: r.overallScore,
      scanDate: r.scanDate,
      platformScores: platformScores(r.platformScores),
      reportUrl: r.reportUrl ?? null,
    };
  }
  if (isRunning(r)) {
    return {
      state: 'running',
      completed: r.progress?.completedQueries ?? null,
      total: r.progress?.totalQueries ?? null,
      message: r.message ?? 'scan running',
    };
  }
  return { state: 'none', message: (typeof r.message === 'string' && r.message) || 'no scan yet' };
}

export const parsers = {
  score(response: HttpResponse, nowMs: number): Result<BrandScore> {
    return map(parseBody(response, brandScoreSchema(), nowMs), (r) => ({
      brandName: r.brandName,
      slug: r.slug ?? '',
      overallScore: r.overallScore,
      visibilityLevel: r.visibilityLevel ?? null,
      platformScores: platformScores(r.platformScores),
      lastScanDate: r.lastScanDate ?? null,
      brandPageUrl: r.brandPageUrl ?? null,
      said: r._service?.what_you_are_seeing ?? '',
    }));
  },

  scanStatus(response: HttpResponse, nowMs: number): Result<ScanStatus> {
    return map(parseBody(response, scanStatusSchema(), nowMs), toScanStatus);
  },

  scanTrigger(response: HttpResponse, nowMs: number): Result<{ syntheticId: number }> {
    return map(parseBody(response, scanTriggerSchema(), nowMs), (r) => ({
      syntheticId: Number(r.syntheticId),
    }));
  },

  report(response: HttpResponse, nowMs: number): Result<Record<string, unknown>> {
    return parseBody(response, reportSchema(), nowMs);
  },

  previewCreate(response: HttpResponse, nowMs: number): Result<PreviewCreated> {
    const result = parseBody(response, previewCreatedSchema(), nowMs);
    if (!result.ok) return result;
    const r = result.value;
    if (r.success === false) {
      return fail(serviceError('BAD_REQUEST', { status: response.status, detail: 'not enqueued' }));
    }
    const warning = result.warning ?? (r.warning || undefined);
    return ok(
      {
        uuid: r.uuid,
        status: r.status ?? 'pending',
        reportUrl: r.reportUrl,
        previewUrl: r.previewUrl ?? null,
      },
      warning,
    );
  },

  previewPoll(response: HttpResponse, nowMs: number): Result<PreviewPoll> {
    return map(parseBody(response, previewPollSchema(), nowMs), (r) => {
      let overall: number | null = null;
      for (const field of PREVIEW_OVERALL_FIELDS) {
        const v = r[field];
        if (typeof v === 'number') {
          overall = v;
          break;
        }
      }
      return {
        status: r.status.toLowerCase(),
        overallScore: overall,
        knowledgeScore: r.knowledgeScore ?? null,
        sentimentScore: r.sentimentScore ?? null,
        agentSiteUrl: r.agentSiteUrl ?? null,
        brandName: r.brandName ?? null,
        reportUrl: r.reportUrl ?? null,
      };
    });
  },
};
