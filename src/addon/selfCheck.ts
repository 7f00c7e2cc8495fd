/**
 * Help > Run self-check: exercises, safely, what docs/platform-limits.md assumes of the real
 * platform (a scratch sheet grown past a new sheet's size and deleted, a spilled result frozen and
 * restored, properties and cache near their sizes, the locks, the triggers, today's quotas, the
 * service), so the first deploy to a real account verifies the local model in a minute.
 */
import { PRODUCT_NAME } from '../contract/product';
import { parsers, requests } from '../api/client';
import { escapeHtml } from '../domain/cells';
import {
  checkOutcome,
  expectRefusal,
  selfCheckSummary,
  type CheckResult,
} from '../domain/selfCheck';
import { appsScriptClock } from '../gas/clock';
import { countFetches } from '../gas/quota';
import { logAction } from '../gas/runLog';
import { clientConfig } from '../gas/settings';
import { urlFetchTransport } from '../gas/transport';
import { EXAMPLE_SITES } from './example';
import { freezeOrRestore } from './freeze';
import { appsScriptKit } from '../gas/kit';
import type { SelfCheckReport } from '../contract/help';
import { activeBook, flush, showDialog } from '../gas/active';
import { slidesRoundTrip } from '../gas/slides';
import {
  cacheRoundTrip,
  locks,
  propertiesRoundTrip,
  quotasLeft,
  triggers,
} from '../gas/platformProbes';

type Sheet = GoogleAppsScript.Spreadsheet.Sheet;

const SCRATCH = 'Visibility self-check (deleted when done)';

function newSheetSize(sheet: Sheet): string {
  const size = `${sheet.getMaxRows()} x ${sheet.getMaxColumns()}`;
  if (size !== '1000 x 26') throw new Error(`a new sheet is ${size}, not 1000 x 26`);
  return `a new sheet is ${size}`;
}

function gridRefusesOutside(sheet: Sheet): string {
  return expectRefusal(
    () => sheet.getRange(sheet.getMaxRows() + 1, 1).getValues(),
    'A range past the grid',
  );
}

function gridGrows(sheet: Sheet): string {
  sheet.insertRowsAfter(sheet.getMaxRows(), 10);
  sheet.insertColumnsAfter(sheet.getMaxColumns(), 2);
  const corner = sheet.getRange(1010, 28);
  corner.setValues([['grown']]);
  if (corner.getValues()[0]?.[0] !== 'grown')
    throw new Error('row 1010, column 28 did not keep its value');
  return `now ${sheet.getMaxRows()} x ${sheet.getMaxColumns()}, and row 1010 column 28 holds a value`;
}

/** A VIS_REPORT_LINK result (no request) spills, freezes whole and restores without #REF!. */
function spillFreezesWhole(sheet: Sheet): string {
  const sites = EXAMPLE_SITES.slice(0, 3);
  sheet.getRange(1, 1, 3, 1).setValues(sites.map((s) => [s]));
  sheet.getRange(1, 2).setValues([['=VIS_REPORT_LINK(A1:A3)']]);
  flush();
  const result = () =>
    sheet
      .getRange(1, 2, 3, 1)
      .getValues()
      .map((r) => String(r[0]));
  const spilled = result();
  if (!spilled.every((v) => v.startsWith('http')))
    throw new Error(`the result did not spill into B1:B3: ${spilled.join(', ')}`);
  const b1 = { row: 1, col: 2, rows: 1, cols: 1 };
  const kit = appsScriptKit(sheet.getParent());
  const at = { sheetId: sheet.getSheetId(), name: sheet.getName() };
  freezeOrRestore('freeze', kit, at, b1);
  if (sheet.getRange('B1').getFormula() || result().join() !== spilled.join())
    throw new Error('freezing B1 alone did not keep the whole result as values');
  freezeOrRestore('restore', kit, at, b1);
  flush();
  if (result().join() !== spilled.join())
    throw new Error(`restoring B1 shows ${result()[0]}, not the result`);
  return 'B1:B3 spilled, froze as values from B1 alone, and came back as a formula';
}

/** G7 and G8: what a pitch quotes (a formatted number as shown) and that the filter is seen. */
function shownAndFiltered(sheet: Sheet): string {
  const cell = sheet.getRange(1, 4);
  cell.setNumberFormat('0.0%');
  cell.setValues([[0.455]]);
  const shown = cell.getDisplayValues()[0]?.[0];
  if (shown !== '45.5%') throw new Error(`0.455 formatted 0.0% shows ${shown}, not 45.5%`);
  if (sheet.getFilter() !== null || sheet.isRowHiddenByFilter(1))
    throw new Error('a new sheet reports a filter hiding row 1');
  return '0.455 formatted 0.0% shows 45.5%; a sheet with no filter hides no row';
}

function serviceAnswers(): string {
  const site = EXAMPLE_SITES[0]!;
  const cfg = { baseUrl: clientConfig().baseUrl };
  const [response] = urlFetchTransport.fetchAll([requests.score(cfg, { by: 'url', value: site })]);
  countFetches(1);
  const out = parsers.score(response!, appsScriptClock.now());
  if (!out.ok) throw new Error(`${cfg.baseUrl}: ${out.error.message}`);
  return `${cfg.baseUrl} scored ${site}: ${out.value.overallScore}`;
}

function sheetChecks(book: GoogleAppsScript.Spreadsheet.Spreadsheet): CheckResult[] {
  const selection = book.getActiveRange();
  let sheet: Sheet | null = null;
  try {
    const made = checkOutcome('New sheet size', () =>
      newSheetSize((sheet = book.insertSheet(SCRATCH))),
    );
    const scratch = (): Sheet => {
      if (!sheet) throw new Error('no scratch sheet: see the first check');
      return sheet;
    };
    return [
      made,
      checkOutcome('Range past the grid', () => gridRefusesOutside(scratch())),
      checkOutcome('Grid grows', () => gridGrows(scratch())),
      checkOutcome('Spilled result frozen and restored', () => spillFreezesWhole(scratch())),
      checkOutcome('What a cell shows, and the filter', () => shownAndFiltered(scratch())),
    ];
  } finally {
    if (sheet) book.deleteSheet(sheet);
    selection?.activate();
  }
}

function runSelfCheck(): SelfCheckReport {
  const book = activeBook();
  const checks = [
    ...sheetChecks(book),
    checkOutcome('Properties near 9 KB', propertiesRoundTrip),
    checkOutcome('Cache near 100 KB', cacheRoundTrip),
    checkOutcome('Locks', locks),
    checkOutcome('Triggers', triggers),
    checkOutcome('Quotas left today', quotasLeft),
    checkOutcome('Slides deck', slidesRoundTrip),
    checkOutcome('Service (no key)', serviceAnswers),
  ];
  const failed = checks.filter((c) => !c.ok).length;
  logAction(book, 'Self-check', {
    sheet: '',
    rows: checks.length,
    requests: 1,
    changed: 0,
    errors: failed,
    result: selfCheckSummary(checks),
  });
  return { checks };
}

/** The menu item: the checks in a dialog, each with the platform's own words. */
export function showSelfCheck(): void {
  const { checks } = runSelfCheck();
  const rows = checks
    .map(
      (c) =>
        `<li><strong>${c.ok ? 'OK' : 'FAILED'}</strong> ${escapeHtml(c.name)}: ${escapeHtml(c.detail)}</li>`,
    )
    .join('');
  const html = `<div style="font:13px Arial,sans-serif"><p>${escapeHtml(selfCheckSummary(checks))}</p>
<p>Each line tries one thing the add-on needs Google to do as it expects (in a scratch sheet it removes again): nothing to do where it says OK. The details are for support.</p><ul>${rows}</ul>
<p>A failed check means the platform differs from what the add-on expects: send Help &gt; diagnostics and this list to support.</p></div>`;
  showDialog(html, `${PRODUCT_NAME}: self-check`, 560, 440);
}
