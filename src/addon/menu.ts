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
import { combineFilledDown } from './combineFormulas';
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

/** The globals the menu's items run (src/contract/menu.ts). */
type MenuGlobal = (typeof MENU)[number][number][1];
/** The items whose global runs a workflow: each has an action below, and no other item has. */
type FromMenuGlobal = Extract<MenuGlobal, `${string}FromMenu`>;

/** A menu item's answer: a toast for a short one, a dialog for one to read. */
interface MenuAction {
  show: 'toast' | 'alert';
  run(): string;
}

/** What more a run cut at one execution needs: the menu runs one, the sidebar goes on by itself. */
const orContinue = (r: { state: string; message: string }, more: string) =>
  r.state === 'partial' ? `${r.message} ${more}` : r.message;

/**
 * Each menu item that runs a workflow (src/contract/menu.ts names them), what it runs and how it
 * answers: the `*FromMenu` globals are made from this table, one behaviour for all.
 */
const MENU_ACTIONS = {
  scoreSelectionFromMenu: {
    show: 'alert',
    run: () =>
      orContinue(scoreSelection(), 'Run it again, or use the sidebar to finish by itself.'),
  },
  freezeSelectionFromMenu: { show: 'toast', run: () => freezeSelection().message },
  restoreSelectionFromMenu: { show: 'toast', run: () => restoreSelection().message },
  combineFormulasFromMenu: { show: 'toast', run: () => combineFilledDown().message },
  compareChartFromMenu: { show: 'toast', run: () => insertCompareChart().message },
  makeReportFromMenu: {
    show: 'alert',
    run: () => {
      const made = makeReport();
      return made.url ? `${made.message} Open it: ${made.url}` : made.message;
    },
  },
  generatePreviewsFromMenu: {
    show: 'alert',
    run: () =>
      orContinue(startPreviewsForSelection(), 'Run it again (or use the sidebar) to continue.'),
  },
  refreshPendingFromMenu: {
    show: 'toast',
    run: () => pollToast(pollPendingPreviews(), usage().left),
  },
  markContactedFromMenu: { show: 'toast', run: () => markContacted().message },
  refreshFollowUpsFromMenu: { show: 'toast', run: () => refreshFollowUps().message },
  refreshScanMonitorFromMenu: { show: 'toast', run: () => pollScanMonitor(true).message },
  rescanSelectedFromMenu: { show: 'alert', run: () => rescanSelected().message },
} satisfies Record<FromMenuGlobal, MenuAction>;

/** A menu item's global: started from the menu, its answer shown as the table says. */
const fromMenu =
  ({ show, run }: MenuAction) =>
  (): void => {
    startedFrom('menu');
    const text = run();
    if (show === 'toast') toast(text, TITLE);
    else alert(TITLE, text);
  };

/**
 * Each `*FromMenu` item's global, by name: build.mjs makes the globals from src/contract/menu.ts,
 * each calling its entry here (exported as `__menu` by src/index.ts).
 */
export const menuActions = Object.fromEntries(
  Object.entries(MENU_ACTIONS).map(([name, action]) => [name, fromMenu(action)]),
) as Record<FromMenuGlobal, () => void>;
