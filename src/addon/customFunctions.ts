/**
 * The custom functions Sheets calls: what each VIS_* runs, by name. Thin: gather the environment,
 * hand over to domain/formulas. Formulas only read: nothing here creates a preview or a scan. Their
 * globals and the help Sheets shows are built from VIS_FUNCTIONS (src/domain/visFunctions.ts) by
 * build.mjs, which writes the engines' words ({ENGINE_KEYS}, …) from src/engines.ts.
 */
import { FORMULA_BUDGET_MS } from '../limits';
import { appsScriptKit } from '../gas/kit';
import { markReadOnlyExecution } from '../gas/userStore';
import type { Kit } from '../kit/ports';
import { SETTING } from '../kit/settings';
import { visCompare } from '../domain/compare';
import type { FormulaEnv } from '../domain/formulaEngine';
import * as formulas from '../domain/formulas';
import { VIS_FUNCTIONS, type VisName } from '../domain/visFunctions';

/**
 * A function with the person's key answers from the document's cache; the others share one. In a
 * custom function the person's records are the spreadsheet owner's, and read only (C1).
 */
export function formulaEnv(kit: Kit, needsKey: boolean): FormulaEnv {
  const config = kit.service.config();
  return {
    config: needsKey ? config : { baseUrl: config.baseUrl },
    keyAllowed: needsKey && kit.records.mine.get(SETTING.allowFormulas, kit.tables.fileId()),
    deps: kit.service.lookups(kit.account.now() + FORMULA_BUDGET_MS, needsKey),
    // Shown, not acted on: any editor's readings count, as the Scores tab's chart shows them.
    readings: (sites) => kit.history.readings(sites, 'anyone'),
  };
}

function env(needsKey: boolean): FormulaEnv {
  markReadOnlyExecution();
  return formulaEnv(appsScriptKit(), needsKey);
}

/** What each function runs, given its arguments as Sheets passes them (omitted ones undefined). */
const RUN: { [K in VisName]: (a: unknown[], e: FormulaEnv) => unknown } = {
  VIS_SCORE: ([website, platform, refresh], e) => formulas.visScore(website, platform, refresh, e),
  VIS_LEVEL: ([website, refresh], e) => formulas.visLevel(website, refresh, e),
  VIS_BRAND: ([query, by, headers, refresh], e) =>
    formulas.visBrand(query, by, headers, refresh, e),
  VIS_REPORT_LINK: ([website], e) => formulas.visReportLink(website, e),
  VIS_SCAN: ([id, refresh], e) => formulas.visScan(id, refresh, e),
  VIS_PREVIEW: ([uuid, refresh], e) => formulas.visPreview(uuid, refresh, e),
  VIS_COMPARE: ([brand, competitors, headers, refresh], e) =>
    visCompare(brand, competitors, headers, refresh, e),
  VIS_EVIDENCE: ([website, days, headers, refresh], e) =>
    formulas.visEvidence(website, days, headers, refresh, e),
};

/** Each VIS_* global's body, by name (src/index.ts exports it as `__vis`). */
export const visFunctions = Object.fromEntries(
  (Object.keys(RUN) as VisName[]).map((name) => [
    name,
    (...args: unknown[]) => RUN[name](args, env(VIS_FUNCTIONS[name].needsKey)),
  ]),
) as Record<VisName, (...args: unknown[]) => unknown>;
