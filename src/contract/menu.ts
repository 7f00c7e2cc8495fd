/**
 * The add-on's Extensions menu, in order: groups a separator apart, each item its caption and the
 * global function it runs. One table: the menu is built from it, and the tests and the deploy's
 * load check read it.
 */
import { PRODUCT_NAME } from './product';

export const MENU = [
  [
    ['Open sidebar', 'showSidebar'],
    ['Score selected websites', 'scoreSelectionFromMenu'],
    ['Freeze formulas in selection', 'freezeSelectionFromMenu'],
    ['Restore frozen formulas', 'restoreSelectionFromMenu'],
    ['Combine formulas filled down', 'combineFormulasFromMenu'],
    ['Compare chart', 'compareChartFromMenu'],
    ['Make report from selection', 'makeReportFromMenu'],
    ['Generate previews for selection', 'generatePreviewsFromMenu'],
    ['Refresh pending previews', 'refreshPendingFromMenu'],
  ],
  [
    ['Write pitches for selection', 'showOutreach'],
    ['Mark selection contacted', 'markContactedFromMenu'],
    ['Refresh follow-ups', 'refreshFollowUpsFromMenu'],
  ],
  [
    ['Scan monitor', 'openScanMonitor'],
    ['Refresh scan monitor now', 'refreshScanMonitorFromMenu'],
    ['Rescan selected agents', 'rescanSelectedFromMenu'],
  ],
  [
    ['Settings', 'showSettings'],
    ['Help', 'showHelp'],
    ['Run self-check', 'showSelfCheck'],
  ],
] as const;

type MenuFunction = (typeof MENU)[number][number][1];

/** Where an item is, as the person reads the way to it: "Extensions > … > Combine formulas…". */
export function menuPath(fn: MenuFunction): string {
  const item = MENU.flat().find(([, f]) => f === fn)!;
  return `Extensions > ${PRODUCT_NAME} > ${item[0]}`;
}
