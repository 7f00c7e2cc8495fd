/**
 * The sidebar page: the tab bar, the usage line, and one component per tab (src/ui/tabs), each
 * rendering its own panel with lit-html. The tabs are one registry, `Record<Panel, Tab>`: a tab
 * declared in the sections (src/contract/sidebar.ts) and not mounted here does not compile. This
 * file only wires them together and runs the timers, each tab saying what it does on them.
 */
import { MONITOR_MS, PANELS, POLL_MS, SECTIONS, sectionOf, type Panel } from '../contract/sidebar';
import type { SettingsView } from '../contract/settings';
import { count } from './words';
import { call, errorText } from './rpc';
import { outreachTab } from './tabs/outreach';
import { previewsTab } from './tabs/previews';
import { scansTab } from './tabs/scans';
import { schedulesTab } from './tabs/schedules';
import { leadsTab } from './tabs/leads';
import { scoresTab } from './tabs/scores';
import { settingsTab } from './tabs/settings';
import { startTab } from './tabs/start';

const $ = (id: string) => document.getElementById(id) as HTMLElement;

/** Tabs whose actions spend URL fetches: the day's quota line shows there, and only there. */
const SPENDS_FETCHES: readonly Panel[] = ['scores', 'previews', 'scans'];

/** The tab each section last showed, so coming back to a section comes back to that tab. */
const lastOf = new Map<string, Panel>();

/** A section's own tab (one-tab sections) or its button, in the row of sections. */
const sectionButton = (id: string, panels: readonly Panel[]) =>
  $(panels.length === 1 ? `tab-${panels[0]!}` : `section-${id}`);

function openPanel(panel: Panel): void {
  const open = sectionOf(panel);
  lastOf.set(open.id, panel);
  for (const section of SECTIONS) {
    const here = section.id === open.id;
    sectionButton(section.id, section.panels).setAttribute('aria-selected', String(here));
    if (section.panels.length > 1) $(`subtabs-${section.id}`).hidden = !here;
  }
  for (const name of PANELS) {
    $(`panel-${name}`).hidden = name !== panel;
    $(`tab-${name}`).setAttribute('aria-selected', String(name === panel));
  }
  $('usage').hidden = !SPENDS_FETCHES.includes(panel);
  TABS[panel].open?.();
}

/** What a tab does when it is opened, when the sidebar gains focus, and on the monitor's beat. */
interface Tab {
  open?(): void;
  /** The person is back from the sheet (`open`: this tab is the one open). */
  focus?(shown: boolean): void;
  /** Every MONITOR_MS (`open`: this tab is the one open). */
  beat?(shown: boolean): void;
}

const isOpen = (panel: Panel) => !$(`panel-${panel}`).hidden;

async function refreshUsage(): Promise<void> {
  try {
    const u = await call('getUsage');
    // One plain line where requests are spent; how the limit was chosen is a hover away.
    $('usage').textContent =
      `Requests today: ${count(u.today)} of ${count(u.quota)} (${count(u.left)} left).`;
    $('usage').title =
      `Google's daily limit of URL fetches: ${u.why}. ${count(u.reserve)} are kept to finish previews already started.`;
  } catch (e) {
    $('usage').textContent = errorText(e);
  }
}

const scans = scansTab($('panel-scans'), () => openPanel('settings'));
const start = startTab($('panel-start'), openPanel);
const previews = previewsTab($('panel-previews'), {
  onWorkDone: () => void refreshUsage(),
  // The account notice or the plan Settings and the account line show may have changed.
  onAccountShown: () => void settings.load(),
  openSettings: () => openPanel('settings'),
});
/** Settings as last shown, and whether Test connection accepted its key (kept by the server). */
let shown: SettingsView | null = null;
let tested = false;
/** Test connection refused the saved key (until a test accepts it or the key changes). */
let refused = false;

/** Where the person stands, on every screen: the key (masked), and whether it was tested. */
function showAccount(): void {
  if (!shown) return;
  $('account-line').textContent = shown.hasKey
    ? [
        `Key ${shown.maskedKey ?? ''}`,
        tested
          ? 'connection tested'
          : refused
            ? 'key refused by the service (Settings)'
            : 'not tested yet (Settings → Test connection)',
        shown.plan,
        shown.accountNotice ? 'see the note in Settings' : null,
        shown.permissions.missing.length ? 'a permission is not granted (Settings)' : null,
      ]
        .filter(Boolean)
        .join(' · ')
    : 'No API key yet: public scores and formulas work without one.';
}

const settings = settingsTab($('panel-settings'), {
  onSettings: (s: SettingsView) => {
    scans.setTriggerMinutes(s.triggerMinutes);
    previews.setHasKey(s.hasKey);
    scans.setHasKey(s.hasKey);
    if (shown && s.maskedKey !== shown.maskedKey) {
      refused = false;
      previews.setKeyRefused(false);
      previews.keyChanged();
    }
    tested = s.keyTested;
    shown = s;
    start.progress({ hasKey: s.hasKey, tested });
    showAccount();
  },
  onTested: (ok, keyRefused) => {
    tested = ok;
    refused = keyRefused;
    previews.setKeyRefused(keyRefused);
    if (ok) previews.keyChanged();
    start.progress({ tested });
    showAccount();
  },
});
const scores = scoresTab($('panel-scores'), () => void refreshUsage());
const schedules = schedulesTab($('panel-schedules'));
const outreach = outreachTab($('panel-outreach'));
const leads = leadsTab($('panel-leads'));

const TABS: Record<Panel, Tab> = {
  start: {},
  scores: {
    focus: () => {
      void scores.plan();
      void scores.history();
    },
  },
  // What a menu press did meanwhile (refreshed, stranded) shows once the person is back.
  previews: {
    focus: (open) => {
      void previews.readSelection();
      if (open) void previews.poll();
    },
  },
  // The placeholders are the active sheet's headers: another sheet may be active now.
  outreach: { open: () => void outreach.load(), focus: (open) => open && void outreach.load() },
  // A form's responses arrive with the tab open: its counts follow, as slowly as the monitor.
  leads: {
    open: () => void leads.load(),
    focus: (open) => open && void leads.load(),
    beat: (open) => open && void leads.load(),
  },
  scans: { beat: (open) => scans.wantsPoll(open) && void scans.poll() },
  schedules: { open: () => void schedules.refresh() },
  settings: {},
};

async function begin(): Promise<void> {
  for (const name of PANELS) $(`tab-${name}`).addEventListener('click', () => openPanel(name));
  for (const section of SECTIONS)
    if (section.panels.length > 1)
      $(`section-${section.id}`).addEventListener('click', () =>
        openPanel(lastOf.get(section.id) ?? section.panels[0]!),
      );
  const requested = document.getElementById('open-panel')?.dataset.panel;
  const isPanel = (p: string | undefined): p is Panel => PANELS.some((name) => name === p);
  openPanel(isPanel(requested) ? requested : 'previews');
  // With no key yet, a short checklist: public scores work at once, then the key.
  const view = await settings.load();
  if (view && !view.hasKey) openPanel('start');
  await refreshUsage();
  await previews.readSelection();
  await scores.plan();
  await previews.poll();
  await scans.poll();
  setInterval(() => {
    for (const p of PANELS) TABS[p].beat?.(isOpen(p));
  }, MONITOR_MS);
  setInterval(() => {
    if (previews.wantsPoll()) void previews.poll();
  }, POLL_MS);
  // The selection is read again when the sidebar gains focus (the user comes back from the
  // sheet) or on request, not on a timer: every read is a server execution.
  window.addEventListener('focus', () => {
    void refreshUsage();
    for (const p of PANELS) TABS[p].focus?.(isOpen(p));
  });
}

// The panel to open comes in markup Apps Script appends after the page's own (HtmlOutput.append),
// which the parser reaches after this script has run: start once the whole document is read.
if (document.readyState === 'loading')
  document.addEventListener('DOMContentLoaded', () => void begin());
else void begin();
