/**
 * Schedules: refreshes that run by themselves, as the person who saved them. The form
 * (scheduleForm.ts), each listed schedule (scheduleItem.ts) and the run log (runLog.ts) are their
 * own modules.
 */
import { html } from 'lit-html';
import { WEEKDAYS, type Schedule, type ScheduleView } from '../../contract/schedules';
import {
  attempt,
  messageLine,
  mount,
  NO_MESSAGE,
  reportMessage,
  say,
  type Component,
  type Message,
} from '../component';
import { counted, when } from '../words';
import { runLogBlock } from './runLog';
import { scheduleForm, draftOf, scheduleOf, type Draft, type FormActions } from './scheduleForm';
import { scheduleItem, type ItemActions } from './scheduleItem';
import { call, errorText } from '../rpc';

const WHAT: Record<Schedule['action'], (s: ScheduleView) => string> = {
  refreshScores: (s) => `Scores of "${s.sheetName}"`,
  refreshScanMonitor: () => 'The scan monitor',
  sendReport: (s) => `A report on ${s.report?.site ?? ''} from "${s.sheetName}", to ${reportTo(s)}`,
};

/** Who a report goes to: its addresses for its owner, how many for everyone else. */
const reportTo = (s: ScheduleView): string =>
  s.mine
    ? s.report?.to.join(', ') || 'you'
    : s.recipients
      ? `${counted(s.recipients, 'recipient')} ${s.owner} chose`
      : s.owner;

const EVERY: Record<Schedule['every'], (s: ScheduleView) => string> = {
  day: () => 'every day',
  week: (s) => `every ${WEEKDAYS[(s.weekday ?? 1) - 1]}`,
  month: () => 'on the 1st of each month',
};

function describe(s: ScheduleView): string {
  const state = s.paused ? ' (paused)' : `; next run ${s.nextRunText ?? when(s.nextRun)}`;
  return `${WHAT[s.action](s)}, ${EVERY[s.every](s)} at ${s.hour}:00${state}. Last run ${when(s.lastRun)}${s.lastResult ? `: ${s.lastResult}` : ''}. Runs as ${s.mine ? 'you' : s.owner}.`;
}

interface State {
  list: ScheduleView[];
  /** The document's sheets a schedule may refresh. */
  sheets: string[];
  draft: Draft;
  message: Message;
  /** The schedule whose "Take over" was pressed, waiting for its confirmation. */
  confirming: string | null;
}

interface Actions {
  form: FormActions;
  item: ItemActions;
}

function view(s: State, act: Actions) {
  return html`<h2>Schedules</h2>
    <p class="hint">
      A schedule refreshes a list or the scan monitor, or sends a report deck, by itself with the
      file closed, as the person who saved it (their key and quota). It never makes previews.
    </p>
    <ul id="schedule-list" class="schedules">
      ${
        s.list.length
          ? s.list.map((v) =>
              scheduleItem(v, describe(v), { ...act.item, confirming: s.confirming }),
            )
          : html`<li>No schedules yet.</li>`
      }
    </ul>
    ${scheduleForm(s.draft, s.sheets, act.form)} ${messageLine('schedule-message', s.message)}
    <div id="run-log-host"></div>`;
}

type Tab = Component<State>;

function actionsOf(tab: () => Tab, refresh: () => Promise<void>): Actions {
  const show = (message: Message) => tab().set({ message });
  const save = async (s: Schedule) => {
    const r = await attempt(show, () => call('saveSchedule', s), reportMessage);
    if (r?.ok) tab().set({ draft: draftOf(null) });
    if (r) await refresh();
  };
  const after = async (done: Promise<unknown>) => {
    if (await done) await refresh();
  };
  return {
    form: {
      edit: (change) => tab().set({ draft: { ...tab().state.draft, ...change } }),
      save: (d) => void save(scheduleOf(d)),
      clear: () => tab().set({ draft: draftOf(null) }),
    },
    item: {
      edit: (v) => tab().set({ draft: draftOf(v) }),
      save: (v) => void save(v),
      remove: (id) => void after(attempt(show, () => call('deleteSchedule', id), reportMessage)),
      confirming: null,
      confirm: (id) => tab().set({ confirming: id }),
      takeOver: (id) => {
        tab().set({ confirming: null });
        void after(attempt(show, () => call('takeOverSchedule', id), reportMessage));
      },
    },
  };
}

export function schedulesTab(host: HTMLElement) {
  const act = actionsOf(
    () => tab,
    () => refresh(),
  );
  const tab: Tab = mount<State>(
    host,
    { list: [], sheets: [], draft: draftOf(null), message: NO_MESSAGE, confirming: null },
    (s) => view(s, act),
  );
  const runLog = runLogBlock(host.querySelector<HTMLElement>('#run-log-host')!);
  async function refresh(): Promise<void> {
    try {
      tab.set({ list: await call('getSchedules'), sheets: await call('getListSheets') });
      runLog.show(await call('getRunLog'));
    } catch (e) {
      tab.set({ message: say(errorText(e), 'error') });
    }
  }
  return { refresh };
}
