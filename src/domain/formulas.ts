/**
 * A custom function's results are values: Sheets never reads them as formulas, so service text is
 * returned as it is (an apostrophe would show). Links are still only ever http(s).
 *
 * The custom functions' logic, free of Apps Script: flatten the input, normalise and de-duplicate,
 * resolve the distinct keys in one go, and map back to the input's shape. Blank in, blank out;
 * one bad row gets its message in that row only.
 */
import { errorText } from './status';
import {
  parsers,
  requests,
  type BrandScore,
  type ClientConfig,
  type Lookup,
  type PreviewPoll,
  type ScanStatus,
} from '../api/client';
import { serviceError, type ServiceError } from '../api/errors';
import { PLATFORMS, type Platform } from '../api/schemas';
import { dateCell, safeLink, scoreCell } from './cells';
import { fnv1a } from './hash';
import { visibilityLevel } from './levels';
import { reportTriggerLink } from './reportLink';
import { resolveAll, type Outcome, type ResolverDeps, type ResolverSpec } from './resolver';
import { parseAgentId, progressText } from './scanWatch';
import { parseWebsite } from './website';

export type Cell = string | number | boolean | Date;
export type FormulaInput = unknown;

export interface FormulaEnv {
  config: ClientConfig;
  /** False when the owner has not allowed formulas in this spreadsheet to use their key. */
  keyAllowed: boolean;
  deps: ResolverDeps;
}

const HOUR = 3600;
const TTL = {
  score: 6 * HOUR,
  notInIndex: HOUR,
  scan: 30,
  previewPending: 10,
  previewDone: 6 * HOUR,
};

export const NOT_IN_INDEX = 'not in index';

/** Sheets passes one cell as a scalar and a range as a 2-D array. */
export function grid(input: FormulaInput): { rows: unknown[][]; scalar: boolean } {
  if (Array.isArray(input)) {
    return { rows: input.map((row) => (Array.isArray(row) ? row : [row])), scalar: false };
  }
  return { rows: [[input]], scalar: true };
}

export function isBlank(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

/** A row whose batch lost its connection 3 times: recalculating sends it again. */
const NO_ANSWER_CELL = errorText('no answer, recalculate');

export function errorCell(error: ServiceError): string {
  if (error.code === 'TIMEOUT') return error.message;
  if (error.code === 'NETWORK') return NO_ANSWER_CELL;
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

function namespace(env: Pick<FormulaEnv, 'config'>, endpoint: string, refresh: unknown): string {
  const token = isBlank(refresh)
    ? ''
    : fnv1a(String(refresh instanceof Date ? refresh.getTime() : refresh));
  return `${fnv1a(env.config.baseUrl)}|${endpoint}|${token}`;
}

/** Public score lookups, cached per service address and refresh token (formulas and scored lists). */
export function scoreSpec(
  env: Pick<FormulaEnv, 'config'>,
  by: Lookup['by'],
  refresh: unknown,
): ResolverSpec<BrandScore> {
  return {
    namespace: namespace(env, `score-${by}`, refresh),
    request: (value) => requests.score({ baseUrl: env.config.baseUrl }, { by, value }),
    parse: parsers.score,
    ttlSeconds: () => TTL.score,
    errorTtlSeconds: (e) =>
      e.code === 'NOT_FOUND' || e.code === 'AMBIGUOUS_NAME' ? TTL.notInIndex : 0,
  };
}

export type Keyed = { key: string } | { cell: Cell };

type Resolve<T> = (keys: string[]) => Map<string, Outcome<T>>;

function resolver<T>(spec: ResolverSpec<T>, env: FormulaEnv): Resolve<T> {
  return (keys) => resolveAll(keys, spec, env.deps).outcomes;
}

const noLookup: Resolve<never> = () => new Map();

/**
 * The shared engine: `keyOf` turns a cell into a lookup key or a ready answer, the distinct keys
 * are resolved once, and `format` writes each row (one cell or several).
 */
function run<T>(
  input: FormulaInput,
  keyOf: (value: unknown) => Keyed,
  resolve: Resolve<T>,
  format: (value: T) => Cell[],
  width: number,
  notFound = NOT_IN_INDEX,
): Cell | Cell[][] {
  const { rows, scalar } = grid(input);
  const blankRow = (): Cell[] => new Array(width).fill('');
  const keyed: Keyed[][] = rows.map((row) =>
    (width === 1 ? row : row.slice(0, 1)).map((value) =>
      isBlank(value) ? { cell: '' } : keyOf(value),
    ),
  );
  const distinct = Array.from(
    new Set(keyed.flatMap((row) => row.flatMap((k) => ('key' in k ? [k.key] : [])))),
  );
  const outcomes = resolve(distinct);

  const rowOf = (k: Keyed): Cell[] => {
    if ('cell' in k) return k.cell === '' ? blankRow() : [k.cell, ...blankRow().slice(1)];
    const outcome = outcomes.get(k.key);
    if (outcome && outcome.kind === 'value') return format(outcome.value);
    return [problemCell(outcome, notFound), ...blankRow().slice(1)];
  };
  const out: Cell[][] =
    width === 1
      ? keyed.map((row) => row.map((k) => rowOf(k)[0] as Cell))
      : keyed.map((row) => rowOf(row[0] ?? { cell: '' }));
  if (scalar && width === 1) return out[0]?.[0] ?? '';
  return out;
}

export function websiteKey(value: unknown): Keyed {
  const site = parseWebsite(value);
  if (site.ok) return { key: site.domain };
  return { cell: site.blank ? '' : errorText(site.message) };
}

function parsePlatform(platform: unknown): Platform | null {
  if (isBlank(platform)) return null;
  const name = String(platform).trim().toLowerCase();
  if ((PLATFORMS as readonly string[]).includes(name)) return name as Platform;
  throw new Error(
    `Unknown platform "${String(platform)}": use one of ${PLATFORMS.join(', ')}, or leave it out for the overall score.`,
  );
}

export function visScore(
  website: FormulaInput,
  platform: unknown,
  refresh: unknown,
  env: FormulaEnv,
) {
  const only = parsePlatform(platform);
  return run(
    website,
    websiteKey,
    resolver(scoreSpec(env, 'url', refresh), env),
    (b) => [only ? scoreCell(b.platformScores[only]) : b.overallScore],
    1,
  );
}

export function visLevel(website: FormulaInput, refresh: unknown, env: FormulaEnv) {
  return run(
    website,
    websiteKey,
    resolver(scoreSpec(env, 'url', refresh), env),
    (b) => [visibilityLevel(b.overallScore)],
    1,
  );
}

export const BRAND_HEADERS = [
  'Brand',
  'Slug',
  'Overall score',
  'Level',
  'ChatGPT',
  'Claude',
  'Gemini',
  'AI Overviews',
  'Last scan',
  'Brand page',
];

function parseLookupBy(value: unknown): Lookup['by'] {
  if (isBlank(value)) return 'url';
  const by = String(value).trim().toLowerCase();
  if (by === 'url' || by === 'slug' || by === 'name') return by;
  throw new Error(`Unknown lookup_by "${String(value)}": use url, slug or name.`);
}

export function visBrand(
  query: FormulaInput,
  lookupBy: unknown,
  withHeaders: unknown,
  refresh: unknown,
  env: FormulaEnv,
) {
  const by = parseLookupBy(lookupBy);
  const keyOf = (value: unknown): Keyed => {
    if (by === 'url') return websiteKey(value);
    const text = typeof value === 'string' ? value.trim() : String(value);
    if (text.length > 200)
      return { cell: errorText('too long for a brand name or slug: shorten it') };
    return { key: by === 'slug' ? text.toLowerCase() : text };
  };
  const rows = run(
    query,
    keyOf,
    resolver(scoreSpec(env, by, refresh), env),
    (b) => [
      b.brandName,
      b.slug,
      b.overallScore,
      visibilityLevel(b.overallScore),
      ...PLATFORMS.map((p) => scoreCell(b.platformScores[p])),
      dateCell(b.lastScanDate),
      safeLink(b.brandPageUrl),
    ],
    BRAND_HEADERS.length,
  ) as Cell[][];
  return withHeaders === true ? [BRAND_HEADERS, ...rows] : rows;
}

export function visReportLink(website: FormulaInput, env: FormulaEnv) {
  return run(
    website,
    (value) => {
      const site = parseWebsite(value);
      if (!site.ok) return { cell: site.blank ? '' : errorText(site.message) };
      return { cell: reportTriggerLink(env.config.baseUrl, site.url) };
    },
    noLookup,
    () => [''],
    1,
  );
}

/** Keyed functions refuse before any request when there is no key or no permission to use it. */
function keyProblem(env: FormulaEnv): string | null {
  if (!env.config.apiKey) return errorCell(serviceError('KEY_MISSING'));
  if (!env.keyAllowed) {
    return errorText(
      'formulas may not use your key here: turn on "allow formulas in this spreadsheet" in Settings',
    );
  }
  return null;
}

function refusing(input: FormulaInput, message: string, width: number): Cell | Cell[][] {
  return run(
    input,
    () => ({ cell: message }),
    noLookup,
    () => [''],
    width,
  );
}

export const SCAN_COLUMNS = ['Scan state', 'Overall score', 'Progress', 'Scan date', 'Report URL'];

function scanRow(s: ScanStatus): Cell[] {
  switch (s.state) {
    case 'complete':
      return ['complete', s.overallScore, '', dateCell(s.scanDate), safeLink(s.reportUrl)];
    case 'failed':
      return ['failed', '', '', dateCell(s.scanDate), ''];
    case 'running':
      return ['running', '', progressText(s), '', ''];
    default:
      return ['none', '', '', '', ''];
  }
}

export function visScan(agentId: FormulaInput, refresh: unknown, env: FormulaEnv) {
  const problem = keyProblem(env);
  if (problem) return refusing(agentId, problem, SCAN_COLUMNS.length);
  const spec: ResolverSpec<ScanStatus> = {
    namespace: namespace(env, 'scan', refresh),
    request: (id) => requests.scanStatus(env.config, Number(id)),
    parse: parsers.scanStatus,
    ttlSeconds: () => TTL.scan,
    errorTtlSeconds: () => 0,
  };
  const keyOf = (value: unknown): Keyed => {
    const id = parseAgentId(value);
    return id === null
      ? { cell: errorText('not a brand agent ID: use the whole number from your account') }
      : { key: String(id) };
  };
  return run(
    agentId,
    keyOf,
    resolver(spec, env),
    scanRow,
    SCAN_COLUMNS.length,
    errorText('no brand agent with this ID for your key: check the ID'),
  );
}

export const PREVIEW_COLUMNS = [
  'Preview status',
  'Visibility score',
  'Knowledge score',
  'Sentiment score',
  'Agent site URL',
];

function previewRow(p: PreviewPoll): Cell[] {
  return [
    p.status,
    scoreCell(p.overallScore),
    scoreCell(p.knowledgeScore),
    scoreCell(p.sentimentScore),
    safeLink(p.agentSiteUrl),
  ];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function visPreview(uuid: FormulaInput, refresh: unknown, env: FormulaEnv) {
  const problem = keyProblem(env);
  if (problem) return refusing(uuid, problem, PREVIEW_COLUMNS.length);
  const spec: ResolverSpec<PreviewPoll> = {
    namespace: namespace(env, 'preview', refresh),
    request: (id) => requests.previewPoll(env.config, id),
    parse: parsers.previewPoll,
    ttlSeconds: (p) => (p.status === 'complete' ? TTL.previewDone : TTL.previewPending),
    errorTtlSeconds: () => 0,
  };
  const keyOf = (value: unknown): Keyed => {
    const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
    return UUID.test(text)
      ? { key: text }
      : { cell: errorText('not a preview UUID: copy it from the Preview UUID column') };
  };
  return run(
    uuid,
    keyOf,
    resolver(spec, env),
    previewRow,
    PREVIEW_COLUMNS.length,
    errorText('no preview with this UUID for your key: check the UUID, or the key in Settings'),
  );
}
