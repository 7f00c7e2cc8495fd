/**
 * The sidebar page: the tab bar, the usage line, and one component per tab (src/ui/tabs), each
 * rendering its own panel with lit-html. This file only wires them together and runs the timers.
 */
import { PANELS, type Panel } from '../contract/sidebar';
import type { SettingsView } from '../contract/settings';
import { call, errorText } from './rpc';
import { outreachTab } from './tabs/outreach';
import { previewsTab } from './tabs/previews';
import { scansTab } from './tabs/scans';
import { schedulesTab } from './tabs/schedules';
import { scoresTab } from './tabs/scores';
import { settingsTab } from './tabs/settings';
import { startTab } from './tabs/start';

/** The service asks for a preview poll every 5 to 15 s. */
const POLL_MS = 10000;
/** Managed scans: the service asks for a poll every 30 to 60 s. */
const MONITOR_MS = 45000;

const $ = (id: string) => document.getElementById(id) as HTMLElement;

function openPanel(panel: Panel): void {
  for (const name of PANELS) {
    $(`panel-${name}`).hidden = name !== panel;
    $(`tab-${name}`).setAttribute('aria-selected', String(name === panel));
  }
  if (panel === 'schedules') void schedules.refresh();
  if (panel === 'outreach') void outreach.load();
}

async function refreshUsage(): Promise<void> {
  try {
    const u = await call('getUsage');
    $('usage').textContent =
      `URL fetches today: ${u.today.toLocaleString()} of ${u.quota.toLocaleString()}, ${u.left.toLocaleString()} left (${u.why}; ${u.reserve} kept for polling).`;
  } catch (e) {
    $('usage').textContent = errorText(e);
  }
}

const scans = scansTab($('panel-scans'));
const settings = settingsTab($('panel-settings'), (s: SettingsView) =>
  scans.setTriggerMinutes(s.triggerMinutes),
);
const previews = previewsTab($('panel-previews'), {
  onWorkDone: () => void refreshUsage(),
  // A refusal may have changed the account notice Settings shows.
  onRefused: () => void settings.load(),
});
const scores = scoresTab($('panel-scores'), () => void refreshUsage());
const schedules = schedulesTab($('panel-schedules'));
const outreach = outreachTab($('panel-outreach'));
startTab($('panel-start'), openPanel);

async function start(): Promise<void> {
  for (const name of PANELS) $(`tab-${name}`).addEventListener('click', () => openPanel(name));
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
    if (scans.wantsPoll(!$('panel-scans').hidden)) void scans.poll();
  }, MONITOR_MS);
  setInterval(() => {
    if (previews.wantsPoll()) void previews.poll();
  }, POLL_MS);
  // The selection is read again when the sidebar gains focus (the user comes back from the
  // sheet) or on request, not on a timer: every read is a server execution.
  window.addEventListener('focus', () => {
    void previews.readSelection();
    void scores.plan();
    void refreshUsage();
    void scores.history();
    // The placeholders are the active sheet's headers: another sheet may be active now.
    if (!$('panel-outreach').hidden) void outreach.load();
  });
}

void start();
