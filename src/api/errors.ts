/**
 * Every way a call can fail, as one typed value with a one-line message a marketer understands.
 * Messages never include the API key: nothing here ever sees it.
 */
import { GRANT_STEP } from '../contract/settings';
import { PRODUCT_NAME } from '../contract/product';
import type { HttpResponse } from './http';
import { errorBodySchema, type ErrorBody } from './schemas';
import { isWebAddress, oneLine } from './serviceText';

export type ErrorCode =
  | 'NOT_FOUND'
  | 'READ_ONLY'
  | 'PLAN_UPGRADE_REQUIRED'
  | 'PARTNER_SCREENNAME_REQUIRED'
  | 'AMBIGUOUS_NAME'
  | 'KEY_MISSING'
  | 'KEY_REFUSED'
  | 'INVALID_URL'
  | 'BAD_REQUEST'
  | 'SCAN_PAUSED'
  | 'RATE_LIMITED'
  | 'SERVER_ERROR'
  | 'MALFORMED_RESPONSE'
  | 'NETWORK'
  | 'UNAVAILABLE'
  | 'QUOTA'
  | 'QUOTA_SPENT'
  | 'PERMISSION'
  | 'TIMEOUT'
  | 'TIMED_OUT'
  | 'REDIRECTED'
  | 'TOO_FAST';

export interface ServiceError {
  code: ErrorCode;
  /** One line: what happened and what to do next. */
  message: string;
  /** What happened alone, for callers that name a next step of their own (press Generate again). */
  what: string;
  /** HTTP status, 0 when there was no HTTP answer or the error is local. */
  status: number;
  retryAfterMs?: number;
  currentPlan?: string;
  upgradeUrl?: string;
}

export type Result<T> =
  { ok: true; value: T; warning?: string } | { ok: false; error: ServiceError };

export function ok<T>(value: T, warning?: string): Result<T> {
  return warning ? { ok: true, value, warning } : { ok: true, value };
}

export function fail<T>(error: ServiceError): Result<T> {
  return { ok: false, error };
}

/** Nothing more can be sent today: the add-on's own reserve reached, or Google's quota spent. */
export function isQuota(error: ServiceError): boolean {
  return error.code === 'QUOTA' || error.code === 'QUOTA_SPENT';
}

/** Nothing was sent, and nothing will be until the day ends or the person grants a permission. */
export function isNotSent(error: ServiceError): boolean {
  return isQuota(error) || error.code === 'PERMISSION';
}

/** Errors where the same request may succeed if sent again later. */
export function isRetryable(error: ServiceError): boolean {
  return (
    error.code === 'RATE_LIMITED' ||
    error.code === 'SERVER_ERROR' ||
    error.code === 'NETWORK' ||
    error.code === 'MALFORMED_RESPONSE' ||
    error.code === 'TOO_FAST'
  );
}

/** Where a person grants a permission they left unticked: Settings carries Google's link. */
export { GRANT_STEP };

/** What happened, and what to do next, for each way a call can fail. */
const MESSAGES: Record<ErrorCode, readonly [what: string, next: string]> = {
  NOT_FOUND: ['not found', 'check the value, or look the brand up by its website or slug instead'],
  READ_ONLY: [
    'your account is read-only, so nothing can be created or triggered',
    'ask your admin to restore write access',
  ],
  PLAN_UPGRADE_REQUIRED: [
    'previews need a Starter or Pro plan',
    'upgrade your plan, then try again',
  ],
  PARTNER_SCREENNAME_REQUIRED: [
    'previews need a partner team',
    'set up a partner team on your account, then try again',
  ],
  AMBIGUOUS_NAME: ['several brands match this name', 'look it up by slug or website instead'],
  KEY_MISSING: ['no API key', `add yours in Extensions > ${PRODUCT_NAME} > Settings`],
  KEY_REFUSED: [
    'the service refused the API key',
    `check it in Extensions > ${PRODUCT_NAME} > Settings and save it again`,
  ],
  INVALID_URL: [
    'the service could not use this website',
    'check the address (like https://example.com) and that the site is online',
  ],
  BAD_REQUEST: [
    'the service refused the request',
    'check the value; if it looks right, send Help > diagnostics to support',
  ],
  SCAN_PAUSED: [
    'new scans are paused for maintenance',
    'rescan later (status updates still work meanwhile)',
  ],
  RATE_LIMITED: ['the service is busy', 'try again in a minute'],
  SERVER_ERROR: ['the service had an error', 'try again in a few minutes'],
  MALFORMED_RESPONSE: ['the service sent an answer this add-on cannot read', 'try again later'],
  NETWORK: ['could not reach the service', 'check the service address in Settings, then try again'],
  UNAVAILABLE: ['the service kept failing, so requests pause for a few minutes', 'try again then'],
  QUOTA: [
    "today's requests are nearly used up",
    'new work resumes tomorrow (what is already running still finishes)',
  ],
  QUOTA_SPENT: [
    "today's requests are used up (Google's daily limit)",
    'the rest runs after the quota resets tomorrow',
  ],
  PERMISSION: ['the add-on needs your permission to connect to the Visibility service', GRANT_STEP],
  TIMEOUT: ['loading', 'recalculate to finish'],
  TIMED_OUT: [
    'the service took too long to answer and may have acted anyway',
    'wait for its result before sending it again',
  ],
  // Not followed: the key would go with the request to the address it points to.
  REDIRECTED: ['the service address redirects elsewhere', 'check the address in Settings'],
  // Google's refusal of the pace of one person's calls, met when a formula is filled down a column.
  TOO_FAST: [
    'too many requests in one second for Google',
    'one formula over the column asks once: =VIS_SCORE(A2:A500)',
  ],
};

/** Errors that resolve by sending the same request again later (the service paused included). */
export const resolvesLater = (error: ServiceError): boolean =>
  isRetryable(error) || error.code === 'UNAVAILABLE';

/** The error's problem with a next step of the caller's for errors that resolve by sending again
 * later (the preview rows say "press Generate again"), its own next step otherwise. */
export function withRetryStep(error: ServiceError, step: string): string {
  return resolvesLater(error) ? `${error.what}: ${step}` : error.message;
}

export function serviceError(
  code: ErrorCode,
  extra: Partial<ServiceError> & { detail?: string } = {},
): ServiceError {
  const { detail, ...rest } = extra;
  const [base, next] = MESSAGES[code];
  const what = detail ? `${base} (${detail})` : base;
  return { code, status: 0, ...rest, what, message: `${what}: ${next}` };
}

/** The service's codes we act on: its own names, and the other names it is known to use. */
const SERVICE_CODES: readonly ErrorCode[] = [
  'NOT_FOUND',
  'READ_ONLY',
  'PLAN_UPGRADE_REQUIRED',
  'PARTNER_SCREENNAME_REQUIRED',
  'AMBIGUOUS_NAME',
  'INVALID_URL',
  'SCAN_PAUSED',
  'RATE_LIMITED',
];
const CODE_ALIASES: Record<string, ErrorCode> = {
  AMBIGUOUS: 'AMBIGUOUS_NAME',
  MULTIPLE_MATCHES: 'AMBIGUOUS_NAME',
  UNAUTHORIZED: 'KEY_REFUSED',
  INVALID_API_KEY: 'KEY_REFUSED',
  API_KEY_REQUIRED: 'KEY_REFUSED',
  URL_UNREACHABLE: 'INVALID_URL',
  MAINTENANCE: 'SCAN_PAUSED',
};

function serviceCode(code: string | undefined): ErrorCode | undefined {
  const name = code?.toUpperCase() ?? '';
  return SERVICE_CODES.includes(name as ErrorCode) ? (name as ErrorCode) : CODE_ALIASES[name];
}

function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const when = Date.parse(value);
  return Number.isNaN(when) ? undefined : Math.max(0, when - nowMs);
}

function readErrorBody(body: string): ErrorBody | undefined {
  try {
    const parsed = errorBodySchema().safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

function codeFromStatus(status: number, text: string): ErrorCode {
  if (status === 0) return 'NETWORK';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'SERVER_ERROR';
  if (status === 401) return 'KEY_REFUSED';
  if (status === 404) return 'NOT_FOUND';
  if (/multiple|several|ambiguous/i.test(text)) return 'AMBIGUOUS_NAME';
  if (status === 403) return 'KEY_REFUSED';
  return 'BAD_REQUEST';
}

/** A non-2xx answer, or a 2xx whose body is an `{error, code}` record, as a typed error. */
export function errorFromResponse(response: HttpResponse, nowMs: number): ServiceError {
  if (response.notSent === 'quota') return serviceError('QUOTA_SPENT');
  if (response.notSent === 'permission') return serviceError('PERMISSION');
  if (response.notSent === 'rate') return serviceError('TOO_FAST');
  if (response.status >= 300 && response.status < 400)
    return serviceError('REDIRECTED', {
      status: response.status,
      detail: `to ${oneLine(response.headers['location'] ?? 'nowhere named', 120)}`,
    });
  const body = readErrorBody(response.body);
  const text = body?.error ?? body?.message ?? '';
  const code = serviceCode(body?.code) ?? codeFromStatus(response.status, text);
  const error = serviceError(code, {
    status: response.status,
    detail:
      code === 'BAD_REQUEST' && text
        ? text
        : code === 'SERVER_ERROR'
          ? `HTTP ${response.status}`
          : undefined,
  });
  if (code === 'RATE_LIMITED') {
    const retryAfterMs = parseRetryAfter(response.headers['retry-after'], nowMs);
    if (retryAfterMs !== undefined) error.retryAfterMs = retryAfterMs;
  }
  if (code === 'PLAN_UPGRADE_REQUIRED') {
    if (body?.currentPlan) error.currentPlan = body.currentPlan;
    if (body?.upgradeUrl && isWebAddress(body.upgradeUrl)) error.upgradeUrl = body.upgradeUrl;
    error.what = `previews need a Starter or Pro plan${
      error.currentPlan ? ` (current plan: ${error.currentPlan})` : ''
    }`;
    error.message = `${error.what}: upgrade${
      error.upgradeUrl ? ` at ${error.upgradeUrl}` : ' your plan'
    }, then try again`;
  }
  return error;
}

/** True when a 2xx body is really an error record (the spec's `{error, code}`). */
export function looksLikeErrorBody(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { error?: unknown }).error === 'string' &&
    typeof (value as { code?: unknown }).code === 'string'
  );
}
