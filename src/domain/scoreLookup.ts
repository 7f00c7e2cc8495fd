/**
 * Looking a brand's public score up, shared by the formulas, scored lists, Compare and the
 * chart: one cache namespace per service address and refresh token, and what a cell says when a
 * lookup has no value.
 */
import { parsers, requests, type BrandScore, type ClientConfig, type Lookup } from '../api/client';
import { serviceError, type ServiceError } from '../api/errors';
import { isBlank, type Cell } from './cells';
import { fnv1a } from './hash';
import type { Outcome, ResolverSpec } from './resolver';
import { errorText } from './status';

const HOUR = 3600;
export const TTL = {
  score: 6 * HOUR,
  notInIndex: HOUR,
  scan: 30,
  previewPending: 10,
  previewDone: 6 * HOUR,
};

export const NOT_IN_INDEX = 'not in index';

/** Cached answers are kept apart per service address, endpoint and refresh token. */
export function namespace(
  config: Pick<ClientConfig, 'baseUrl'>,
  endpoint: string,
  refresh: unknown,
) {
  const token = isBlank(refresh)
    ? ''
    : fnv1a(String(refresh instanceof Date ? refresh.getTime() : refresh));
  return `${fnv1a(config.baseUrl)}|${endpoint}|${token}`;
}

/** Public score lookups (no key needed), by url, slug or name. */
export function scoreSpec(
  config: Pick<ClientConfig, 'baseUrl'>,
  by: Lookup['by'],
  refresh: unknown,
): ResolverSpec<BrandScore> {
  return {
    namespace: namespace(config, `score-${by}`, refresh),
    request: (value) => requests.score({ baseUrl: config.baseUrl }, { by, value }),
    parse: parsers.score,
    ttlSeconds: () => TTL.score,
    errorTtlSeconds: (e) =>
      e.code === 'NOT_FOUND' || e.code === 'AMBIGUOUS_NAME' ? TTL.notInIndex : 0,
  };
}

/** A row whose batch lost its connection 3 times: recalculating sends it again. */
const NO_ANSWER_CELL = errorText('no answer, recalculate');
const QUOTA_SPENT_CELL = errorText('daily request limit used up, recalculate tomorrow');

export function errorCell(error: ServiceError): string {
  if (error.code === 'TIMEOUT') return error.message;
  if (error.code === 'NETWORK') return NO_ANSWER_CELL;
  if (error.code === 'QUOTA_SPENT') return QUOTA_SPENT_CELL;
  return errorText(error.message);
}

/** The cell for a key without a value: not fetched in time, not found, or an error. */
export function problemCell(outcome: Outcome<unknown> | undefined, notFound: string): Cell {
  if (!outcome || outcome.kind === 'pending') return serviceError('TIMEOUT').message;
  if (outcome.kind === 'error') {
    return outcome.error.code === 'NOT_FOUND' ? notFound : errorCell(outcome.error);
  }
  return '';
}
