/**
 * The custom functions Sheets calls. Thin: gather the environment, hand over to domain/formulas.
 * Formulas only read: nothing here creates a preview or a scan. The help Sheets shows names the
 * engines of src/engines.ts: build.mjs writes {ENGINE_KEYS}, {ENGINE_NAMES} and {ENGINE_GAPS}
 * from it, so a fifth engine is still one line.
 */
import { resolverDeps } from '../gas/resolverDeps';
import { FORMULA_BUDGET_MS } from '../limits';
import { appsScriptClock } from '../gas/clock';
import { documentCache, sharedCache } from '../gas/cache';
import { clientConfig, formulasMayUseKey } from '../gas/settings';
import { markReadOnlyExecution } from '../gas/userStore';
import { visCompare } from '../domain/compare';
import type { FormulaEnv } from '../domain/formulaEngine';
import * as formulas from '../domain/formulas';
import type { KeyValueCache } from '../domain/cache';
import { activeBook } from '../gas/active';
import { readingsOf } from '../gas/history';

function env(cache: KeyValueCache, needsKey: boolean): FormulaEnv {
  markReadOnlyExecution();
  const config = clientConfig();
  return {
    config: needsKey ? config : { baseUrl: config.baseUrl },
    keyAllowed: needsKey && formulasMayUseKey(activeBook().getId()),
    deps: resolverDeps(cache, appsScriptClock.now() + FORMULA_BUDGET_MS),
    // Shown, not acted on: any editor's readings count, as the Scores tab's chart shows them.
    readings: (sites) => readingsOf(activeBook(), sites),
  };
}

/**
 * The public AI-visibility score (0-100) of the brand at a website, or one engine's score.
 *
 * @param {A2:A500} website A website, or a column of them.
 * @param {"chatgpt"} platform Optional: {ENGINE_KEYS}. Blank when that engine was not queried.
 * @param {Z1} refresh Optional: change this cell's value to fetch fresh scores.
 * @return The score of each website.
 * @customfunction
 */
export function VIS_SCORE(website: unknown, platform?: unknown, refresh?: unknown) {
  return formulas.visScore(website, platform, refresh, env(sharedCache(), false));
}

/**
 * What each score rests on: score, scan date, days since the scan, stale (older than stale_days), engines answered, engines not queried, readings in Score history, usual swing overall and per engine.
 *
 * @param {A2:A500} website A website, or a column of them.
 * @param {7} stale_days Optional: days after which a scan is stale (7 when blank).
 * @param {TRUE} with_headers Optional: TRUE adds a header row.
 * @param {Z1} refresh Optional: change this cell's value to fetch fresh scores.
 * @return A row of evidence per website.
 * @customfunction
 */
export function VIS_EVIDENCE(
  website: unknown,
  stale_days?: unknown,
  with_headers?: unknown,
  refresh?: unknown,
) {
  return formulas.visEvidence(
    website,
    stale_days,
    with_headers,
    refresh,
    env(sharedCache(), false),
  );
}

/**
 * The visibility level of the brand at a website: invisible, low, moderate, strong or dominant.
 *
 * @param {A2:A500} website A website, or a column of them.
 * @param {Z1} refresh Optional: change this cell's value to fetch fresh levels.
 * @return The level of each website.
 * @customfunction
 */
export function VIS_LEVEL(website: unknown, refresh?: unknown) {
  return formulas.visLevel(website, refresh, env(sharedCache(), false));
}

/**
 * One row per brand: name, slug, overall score, level, {ENGINE_NAMES} scores, last scan date, brand page.
 *
 * @param {A2:A500} query Websites, slugs or brand names.
 * @param {"url"} lookup_by Optional: url (default), slug or name.
 * @param {TRUE} with_headers Optional: TRUE adds a header row.
 * @param {Z1} refresh Optional: change this cell's value to fetch fresh data.
 * @return A row of brand data per input.
 * @customfunction
 */
export function VIS_BRAND(
  query: unknown,
  lookup_by?: unknown,
  with_headers?: unknown,
  refresh?: unknown,
) {
  return formulas.visBrand(query, lookup_by, with_headers, refresh, env(sharedCache(), false));
}

/**
 * A no-cost outreach link: whoever opens it signs in to the service, then a visibility preview of the website starts. Makes no request.
 *
 * @param {A2:A500} website A website, or a column of them.
 * @return The trigger link of each website.
 * @customfunction
 */
export function VIS_REPORT_LINK(website: unknown) {
  return formulas.visReportLink(website, env(sharedCache(), false));
}

/**
 * The latest managed scan of a brand agent: state, overall score, progress, scan date, report URL. Needs your API key.
 *
 * @param {B2:B50} brand_agent_id A brand agent ID, or a column of them.
 * @param {Z1} refresh Optional: change this cell's value to fetch fresh status.
 * @return A row per agent.
 * @customfunction
 */
export function VIS_SCAN(brand_agent_id: unknown, refresh?: unknown) {
  return formulas.visScan(brand_agent_id, refresh, env(documentCache(), true));
}

/**
 * A scan preview's status, overall, knowledge and sentiment scores, and agent site URL. Needs your API key.
 *
 * @param {C2:C500} uuid A preview UUID, or a column of them.
 * @param {Z1} refresh Optional: change this cell's value to fetch fresh status.
 * @return A row per preview.
 * @customfunction
 */
export function VIS_PREVIEW(uuid: unknown, refresh?: unknown) {
  return formulas.visPreview(uuid, refresh, env(documentCache(), true));
}

/**
 * A brand against its competitors: each competitor's public score, rank, gap and engine gaps.
 *
 * @param {A2} brand The brand's website (yours or your prospect's).
 * @param {B2:B20} competitors The competitors' websites.
 * @param {TRUE} with_headers Optional: TRUE adds a header row.
 * @param {Z1} refresh Optional: change this cell's value to fetch fresh scores.
 * @return Public score, Rank, Gap, {ENGINE_GAPS} per competitor.
 * @customfunction
 */
export function VIS_COMPARE(
  brand: unknown,
  competitors: unknown,
  with_headers?: unknown,
  refresh?: unknown,
) {
  return visCompare(brand, competitors, with_headers, refresh, env(sharedCache(), false));
}
