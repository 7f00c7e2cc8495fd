/** The add-on menu and sidebar. In AuthMode.NONE only the menu is built: no other service may run. */
import { PRODUCT_NAME } from '../contract/product';
import { pollScanMonitor, rescanSelected } from './monitor';
import { startPreviewsForSelection } from './previewGeneration';
import { pollPendingPreviews } from './previewPolling';
import { usage } from '../gas/quota';
import { startedFrom } from '../gas/runLog';
import type { Panel } from '../contract/sidebar';
import { insertCompareChart } from './compareChart';
import { makeReport } from './reports';
import { freezeSelection, restoreSelection } from './freeze';
import { scoreSelection } from './scores';
import { markContacted } from './outreach';
import { refreshFollowUps } from './followUps';
import { addonMenu, alert, showSidebarFile, toast } from '../gas/active';
import { pollToast } from '../domain/previewPoll';
import { MENU } from '../contract/menu';

const TITLE = PRODUCT_NAME;

export function onOpen(_event?: { authMode?: string }): void {
  addonMenu((menu) =>
    MENU.reduce(
      (m, group, i) =>
        group.reduce((g, [caption, run]) => g.addItem(caption, run), i ? m.addSeparator() : m),
      menu,
    ),
  );
}

export function onInstall(event?: { authMode?: string }): void {
  onOpen(event);
}

function sidebar(panel: Panel): void {
  // The page reads the panel to open from its own markup: nothing else is passed in.
  showSidebarFile('Sidebar', TITLE, `<div id="open-panel" data-panel="${panel}" hidden></div>`);
}

export function showSidebar(): void {
  sidebar('previews');
}

export function showSettings(): void {
  sidebar('settings');
}

/** Pitches start from a template and its preview, which live in the sidebar's Outreach tab. */
export function showOutreach(): void {
  sidebar('outreach');
}

export function markContactedFromMenu(): void {
  startedFrom('menu');
  toast(markContacted().message, TITLE);
}

export function refreshFollowUpsFromMenu(): void {
  startedFrom('menu');
  toast(refreshFollowUps().message, TITLE);
}

export function generatePreviewsFromMenu(): void {
  startedFrom('menu');
  const result = startPreviewsForSelection();
  const more = result.state === 'partial' ? ' Run it again (or use the sidebar) to continue.' : '';
  alert(TITLE, result.message + more);
}

export function refreshPendingFromMenu(): void {
  startedFrom('menu');
  toast(pollToast(pollPendingPreviews(), usage().left), TITLE);
}

export function refreshScanMonitorFromMenu(): void {
  startedFrom('menu');
  toast(pollScanMonitor(true).message, TITLE);
}

export function rescanSelectedFromMenu(): void {
  startedFrom('menu');
  alert(TITLE, rescanSelected().message);
}

/** One execution's worth; a big list continues from the sidebar, which calls again by itself. */
export function scoreSelectionFromMenu(): void {
  startedFrom('menu');
  const result = scoreSelection();
  const more =
    result.state === 'partial' ? ' Run it again, or use the sidebar to finish by itself.' : '';
  alert(TITLE, result.message + more);
}

export function freezeSelectionFromMenu(): void {
  startedFrom('menu');
  toast(freezeSelection().message, TITLE);
}

export function restoreSelectionFromMenu(): void {
  startedFrom('menu');
  toast(restoreSelection().message, TITLE);
}

export function compareChartFromMenu(): void {
  startedFrom('menu');
  toast(insertCompareChart().message, TITLE);
}

export function makeReportFromMenu(): void {
  startedFrom('menu');
  const made = makeReport();
  alert(TITLE, made.url ? `${made.message} Open it: ${made.url}` : made.message);
}
