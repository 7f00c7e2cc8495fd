/** Scan monitor: the brand agents' sheet, checked while the sidebar is open, and rescans. */
import { html } from 'lit-html';
import type { MonitorReport } from '../../contract/scans';
import type { ListPlace } from '../../contract/scores';
import {
  attempt,
  backToList,
  needsKey,
  mount,
  messageLine,
  NO_MESSAGE,
  reportMessage,
  say,
  type Message,
} from '../component';
import { call, errorText } from '../rpc';

interface State {
  triggerMinutes: number;
  summary: string;
  message: Message;
  /** Checks and rescans need the key: without one they say so before they are pressed. */
  hasKey: boolean;
  /** The monitor sheet was just opened: the way back to the list the person was on. */
  backTo: ListPlace | null;
}

interface Actions {
  check(name: 'openScanMonitor' | 'pollScanMonitor', force?: boolean): void;
  rescan(): void;
  openSettings(): void;
  backed(message: Message): void;
}

const every = (minutes: number) =>
  minutes >= 60 ? 'hourly' : minutes === 1 ? 'every minute' : `every ${minutes} minutes`;

const buttons = (s: State, act: Actions) =>
  html`<div class="row">
    <button id="open-monitor" class="primary" @click=${() => act.check('openScanMonitor')}>
      Open the monitor sheet
    </button>
    <button
      id="refresh-monitor"
      aria-describedby="scans-need-key"
      ?disabled=${!s.hasKey}
      @click=${() => act.check('pollScanMonitor', true)}
    >
      Refresh now
    </button>
    <button
      id="rescan"
      aria-describedby="scans-need-key"
      ?disabled=${!s.hasKey}
      @click=${act.rescan}
    >
      Rescan selected agents
    </button>
  </div>`;

const view = (s: State, act: Actions) =>
  html`<h2>Scan monitor</h2>
    <p class="hint">
      A brand agent is a brand your account on the service watches with managed scans; its ID is the
      whole number shown beside the brand in your account on the service. Keep one per row in the
      "Scan monitor" sheet. They are checked every 45 s while this sidebar is open, and
      <span id="trigger-every">${every(s.triggerMinutes)}</span>
      otherwise. A rescan keeps the previous scores visible, marked as previous, until the new scan
      completes (usually 2 to 5 minutes).
    </p>
    ${needsKey(
      'scans-need-key',
      'Checking and rescanning brand agents needs your API key.',
      s.hasKey,
      act.openSettings,
    )}
    ${buttons(s, act)}
    <p id="monitor-summary" class="muted">${s.summary}</p>
    ${backToList('back-from-monitor', s.backTo, act.backed)}
    ${messageLine('monitor-message', s.message)}`;

export function scansTab(host: HTMLElement, openSettings: () => void) {
  let report: MonitorReport | null = null;
  /** `force`: the person pressed Refresh now, so every row is checked, due or not. */
  async function check(name: 'openScanMonitor' | 'pollScanMonitor', force = false) {
    try {
      report = await (name === 'pollScanMonitor' ? call(name, force) : call(name));
      tab.set({
        summary: report.message,
        ...(name === 'openScanMonitor' ? { backTo: report.backTo ?? null } : {}),
      });
    } catch (e) {
      tab.set({ message: say(errorText(e), 'error') });
    }
  }
  const act: Actions = {
    check: (name, force) => void check(name, force),
    rescan: async () => {
      const show = (message: Message) => tab.set({ message });
      if (await attempt(show, () => call('rescanSelected'), reportMessage, 'Requesting rescans…'))
        await check('pollScanMonitor');
    },
    openSettings,
    backed: (message) => tab.set({ backTo: null, message }),
  };
  const tab = mount<State>(
    host,
    { triggerMinutes: 60, summary: '', message: NO_MESSAGE, hasKey: true, backTo: null },
    (s) => view(s, act),
  );
  return {
    poll: () => check('pollScanMonitor'),
    /** Worth a check on the timer: a monitor exists and something runs, or the tab is shown. */
    wantsPoll: (shown: boolean) =>
      tab.state.hasKey && !!report?.exists && (report.running > 0 || shown),
    setTriggerMinutes: (triggerMinutes: number) => tab.set({ triggerMinutes }),
    setHasKey: (hasKey: boolean) => tab.set({ hasKey }),
  };
}
