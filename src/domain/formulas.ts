/**
 * The VIS_* custom functions over the engine (formulaEngine.ts): for each, how a cell becomes a
 * key, which lookup answers it, and its output columns with the cell each one takes.
 */
import { isUuid } from '../api/serviceText';
import {
  parsers,
  requests,
  type BrandScore,
  type Lookup,
  type PreviewPoll,
  type ScanStatus,
} from '../api/client';
import { serviceError } from '../api/errors';
import { PLATFORMS, type Platform } from '../engines';
import { dateCell, isBlank, safeLink, scoreCell } from './cells';
import {
  answer,
  noLookup,
  resolver,
  websiteKey,
  type FormulaEnv,
  type FormulaInput,
  type Keyed,
} from './formulaEngine';
import { visibilityLevel } from './levels';
import { reportTriggerLink } from './reportLink';
import type { ResolverSpec } from './resolver';
import { PREVIEW_COLUMNS, PREVIEW_HEADERS } from './previewColumns';
import { MONITOR_HEADERS, parseAgentId, progressText } from './scanWatch';
import { errorCell, namespace, scoreSpec, TTL } from './scoreLookup';
import { engineColumns, headerRow, rowOf, type OutputColumns } from './columns';
import type { Cell } from './cells';
import { errorText } from './status';
import { parseWebsite } from './website';
import { EVIDENCE_HEADERS, evidenceRow } from './evidence';
import { DEFAULTS } from '../contract/defaults';

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
  return answer(website, {
    keyOf: websiteKey,
    resolve: resolver(scoreSpec(env.config, 'url', refresh), env),
    format: (b: BrandScore) => [only ? scoreCell(b.platformScores[only]) : b.overallScore],
    width: 1,
  });
}

/** Days after which a scan is stale: a whole number of days, 7 when left blank. */
function parseStaleDays(value: unknown): number {
  if (isBlank(value)) return DEFAULTS.staleDays;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 0 || days > 3650)
    throw new Error(`stale_days must be a whole number of days (got "${String(value)}").`);
  return days;
}

/** What each score rests on (domain/evidence.ts): one row per website. */
export function visEvidence(
  website: FormulaInput,
  staleDays: unknown,
  withHeaders: unknown,
  refresh: unknown,
  env: FormulaEnv,
) {
  const days = parseStaleDays(staleDays);
  const lookup = resolver(scoreSpec(env.config, 'url', refresh), env);
  const now = env.deps.clock.now();
  const rows = answer(website, {
    keyOf: websiteKey,
    // The sites' readings are read once, for the sites the service answered.
    resolve: (keys) => {
      const outcomes = lookup(keys);
      const found = keys.filter((k) => outcomes.get(k)?.kind === 'value');
      const readings = found.length && env.readings ? env.readings(found) : new Map();
      return new Map(
        Array.from(outcomes, ([key, o]) => [
          key,
          o.kind === 'value'
            ? {
                kind: 'value' as const,
                value: { brand: o.value, readings: readings.get(key) ?? [], now, staleDays: days },
              }
            : o,
        ]),
      );
    },
    format: evidenceRow,
    width: EVIDENCE_HEADERS.length,
  }) as Cell[][];
  return withHeaders === true ? [EVIDENCE_HEADERS, ...rows] : rows;
}

export function visLevel(website: FormulaInput, refresh: unknown, env: FormulaEnv) {
  return answer(website, {
    keyOf: websiteKey,
    resolve: resolver(scoreSpec(env.config, 'url', refresh), env),
    format: (b: BrandScore) => [visibilityLevel(b.overallScore)],
    width: 1,
  });
}

const BRAND_COLUMNS: OutputColumns<BrandScore> = {
  brand: { header: 'Brand', read: (b) => b.brandName },
  slug: { header: 'Slug', read: (b) => b.slug },
  overall: { header: 'Overall score', read: (b) => b.overallScore },
  level: { header: 'Level', read: (b) => visibilityLevel(b.overallScore) },
  ...engineColumns<OutputColumns<BrandScore>[string]>((p) => ({
    read: (b) => scoreCell(b.platformScores[p]),
  })),
  lastScan: { header: 'Last scan', read: (b) => dateCell(b.lastScanDate) },
  page: { header: 'Brand page', read: (b) => safeLink(b.brandPageUrl) },
};
export const BRAND_HEADERS = headerRow(BRAND_COLUMNS);

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
  const rows = answer(query, {
    keyOf,
    resolve: resolver(scoreSpec(env.config, by, refresh), env),
    format: (b: BrandScore) => rowOf(BRAND_COLUMNS, b),
    width: BRAND_HEADERS.length,
  }) as Cell[][];
  return withHeaders === true ? [BRAND_HEADERS, ...rows] : rows;
}

export function visReportLink(website: FormulaInput, env: FormulaEnv) {
  return answer(website, {
    keyOf: (value) => {
      const site = parseWebsite(value);
      if (!site.ok) return { cell: site.blank ? '' : errorText(site.message) };
      return { cell: reportTriggerLink(env.config.baseUrl, site.url) };
    },
    resolve: noLookup,
    format: () => [''],
    width: 1,
  });
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
  return answer(input, {
    keyOf: () => ({ cell: message }),
    resolve: noLookup,
    format: () => [''],
    width,
  });
}

/** VIS_SCAN's columns, headed as the `Scan monitor` sheet's. */
const SCAN_COLUMNS: OutputColumns<ScanStatus> = {
  state: { header: MONITOR_HEADERS.state, read: (s) => s.state },
  overall: {
    header: MONITOR_HEADERS.overall,
    read: (s) => (s.state === 'complete' ? s.overallScore : ''),
  },
  progress: { header: MONITOR_HEADERS.progress, read: (s) => progressText(s) },
  scanDate: {
    header: MONITOR_HEADERS.scanDate,
    read: (s) => (s.state === 'complete' || s.state === 'failed' ? dateCell(s.scanDate) : ''),
  },
  reportUrl: {
    header: MONITOR_HEADERS.reportUrl,
    read: (s) => (s.state === 'complete' ? safeLink(s.reportUrl) : ''),
  },
};
export const SCAN_HEADERS = headerRow(SCAN_COLUMNS);

export function visScan(agentId: FormulaInput, refresh: unknown, env: FormulaEnv) {
  const problem = keyProblem(env);
  if (problem) return refusing(agentId, problem, SCAN_HEADERS.length);
  const spec: ResolverSpec<ScanStatus> = {
    namespace: namespace(env.config, 'scan', refresh),
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
  return answer(agentId, {
    keyOf,
    resolve: resolver(spec, env),
    format: (s: ScanStatus) => rowOf(SCAN_COLUMNS, s),
    width: SCAN_HEADERS.length,
    notFound: errorText('no brand agent with this ID for your key: check the ID'),
  });
}

/** VIS_PREVIEW's columns: the status, then a previewed list's columns a preview's answer fills. */
const VIS_PREVIEW_COLUMNS: OutputColumns<PreviewPoll> = {
  status: { header: PREVIEW_HEADERS.status, read: (p) => p.status },
  score: PREVIEW_COLUMNS.score,
  knowledge: PREVIEW_COLUMNS.knowledge,
  sentiment: PREVIEW_COLUMNS.sentiment,
  agentSite: PREVIEW_COLUMNS.agentSite,
};
export const PREVIEW_FORMULA_HEADERS = headerRow(VIS_PREVIEW_COLUMNS);

export function visPreview(uuid: FormulaInput, refresh: unknown, env: FormulaEnv) {
  const problem = keyProblem(env);
  if (problem) return refusing(uuid, problem, PREVIEW_FORMULA_HEADERS.length);
  const spec: ResolverSpec<PreviewPoll> = {
    namespace: namespace(env.config, 'preview', refresh),
    request: (id) => requests.previewPoll(env.config, id),
    parse: parsers.previewPoll,
    ttlSeconds: (p) => (p.status === 'complete' ? TTL.previewDone : TTL.previewPending),
    errorTtlSeconds: () => 0,
  };
  const keyOf = (value: unknown): Keyed => {
    const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
    return isUuid(text)
      ? { key: text }
      : { cell: errorText('not a preview UUID: copy it from the Preview UUID column') };
  };
  return answer(uuid, {
    keyOf,
    resolve: resolver(spec, env),
    format: (p: PreviewPoll) => rowOf(VIS_PREVIEW_COLUMNS, p),
    width: PREVIEW_FORMULA_HEADERS.length,
    notFound: errorText(
      'no preview with this UUID for your key: check the UUID, or the key in Settings',
    ),
  });
}
