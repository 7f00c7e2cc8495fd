/**
 * Schedules: refreshes that run by themselves, as the person who saved them. Each listed schedule
 * (scheduleItem.ts) and the run log (runLog.ts) are their own modules.
 */
import { html, type TemplateResult } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import { WEEKDAYS, type Schedule, type ScheduleView } from '../../contract/schedules';
import { DEFAULTS } from '../../contract/defaults';
import { REPORT_PERIODS } from '../../contract/reports';
import {
  attempt,
  checkbox,
  textField,
  fieldValue,
  mount,
  numberField,
  messageLine,
  NO_MESSAGE,
  reportMessage,
  say,
  type Message,
} from '../component';
import { counted, when } from '../words';
import { runLogBlock } from './runLog';
import { scheduleItem } from './scheduleItem';
import { call, errorText } from '../rpc';

interface Draft {
  id: string;
  action: Schedule['action'];
  sheetName: string;
  every: Schedule['every'];
  weekday: number;
  hour: number;
  refresh: 'stale' | 'all';
  email: boolean;
  team: boolean;
  minChange: number;
  unusualOnly: boolean;
  /** Send report: as typed, checked by the server. */
  site: string;
  competitors: string;
  weeks: number;
  to: string;
}

const draftOf = (s: ScheduleView | null): Draft => ({
  id: s?.id ?? '',
  action: s?.action ?? 'refreshScores',
  sheetName: s?.sheetName ?? '',
  every: s?.every ?? 'day',
  weekday: s?.weekday ?? 1,
  hour: s?.hour ?? 9,
  refresh: s?.refresh ?? DEFAULTS.refresh,
  email: s?.alert?.email ?? false,
  team: s?.alert?.team ?? false,
  minChange: s?.alert?.minChange ?? DEFAULTS.minChange,
  unusualOnly: s?.alert?.unusualOnly ?? false,
  site: s?.report?.site ?? '',
  competitors: s?.report?.competitors.join(', ') ?? '',
  weeks: s?.report?.weeks ?? REPORT_PERIODS[0],
  to: s?.report?.to.join(', ') ?? '',
});

const split = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

const scheduleOf = (d: Draft): Schedule => ({
  ...(d.id ? { id: d.id } : {}),
  action: d.action,
  sheetName: d.sheetName,
  every: d.every,
  hour: d.hour,
  ...(d.every === 'week' ? { weekday: d.weekday } : {}),
  refresh: d.refresh,
  alert: {
    email: d.email,
    minChange: d.minChange,
    unusualOnly: d.unusualOnly,
    ...(d.team ? { team: true } : {}),
  },
  ...(d.action === 'sendReport'
    ? {
        report: {
          site: d.site,
          competitors: split(d.competitors),
          weeks: d.weeks,
          to: split(d.to),
        },
      }
    : {}),
});

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

export function schedulesTab(host: HTMLElement) {
  const edit = (change: Partial<Draft>) => tab.set({ draft: { ...tab.state.draft, ...change } });

  const item = (s: ScheduleView): TemplateResult =>
    scheduleItem(s, describe(s), {
      edit: (v) => tab.set({ draft: draftOf(v) }),
      save: (v) => void save(v),
      remove: (id) => void remove(id),
      confirming: tab.state.confirming,
      confirm: (id) => tab.set({ confirming: id }),
      takeOver: (id) => void takeOverNow(id),
    });

  const tab = mount<State>(
    host,
    {
      list: [],
      sheets: [],
      draft: draftOf(null),
      message: NO_MESSAGE,
      confirming: null,
    },
    (s) => {
      const d = s.draft;
      return html`<h2>Schedules</h2>
        <p class="hint">
          A schedule refreshes a list (or the scan monitor), or sends a brand's report deck, by
          itself, even with the spreadsheet closed. It runs as the person who saved it, with their
          key and quota. Schedules never create previews or scans.
        </p>
        <ul id="schedule-list" class="schedules">
          ${s.list.length ? s.list.map(item) : html`<li>No schedules yet.</li>`}
        </ul>
        <h3 id="schedule-form-title">${d.id ? 'Edit the schedule' : 'Add a schedule'}</h3>
        <form
          id="schedule-form"
          @submit=${(e: Event) => {
            e.preventDefault();
            void save(scheduleOf(tab.state.draft));
          }}
        >
          <label for="schedule-action">What it does</label>
          <select
            id="schedule-action"
            .value=${live(d.action)}
            @change=${(e: Event) => edit({ action: fieldValue(e) as Draft['action'] })}
          >
            <option value="refreshScores">Scores of a sheet's Website column</option>
            <option value="refreshScanMonitor">The scan monitor</option>
            <option value="sendReport">Send a brand's report deck</option>
          </select>
          <label for="schedule-sheet">Sheet</label>
          <select
            id="schedule-sheet"
            .value=${live(d.sheetName)}
            @change=${(e: Event) => edit({ sheetName: fieldValue(e) })}
          >
            <option value="">Choose a sheet</option>
            ${[...new Set([...s.sheets, ...(d.sheetName ? [d.sheetName] : [])])].map(
              (name) =>
                html`<option value=${name}>
                  ${s.sheets.includes(name) ? name : `${name} (no such sheet now)`}
                </option>`,
            )}
          </select>
          <label for="schedule-every">How often</label>
          <select
            id="schedule-every"
            .value=${live(d.every)}
            @change=${(e: Event) => edit({ every: fieldValue(e) as Draft['every'] })}
          >
            <option value="day">Every day</option>
            <option value="week">Every week</option>
            <option value="month">Every month (on the 1st)</option>
          </select>
          <label for="schedule-weekday">Day (weekly)</label>
          <select
            id="schedule-weekday"
            @change=${(e: Event) => edit({ weekday: Number(fieldValue(e)) })}
          >
            ${WEEKDAYS.map(
              (day, i) =>
                html`<option value=${i + 1} ?selected=${d.weekday === i + 1}>${day}</option>`,
            )}
          </select>
          ${numberField(
            'schedule-hour',
            "Hour (the spreadsheet's time zone)",
            d.hour,
            (hour) => edit({ hour }),
            [0, 23],
          )}
          ${
            d.action === 'sendReport'
              ? html`${textField(
                    'schedule-site',
                    "The brand's website (its row in the sheet)",
                    d.site,
                    (site) => edit({ site }),
                  )}
                  ${textField(
                    'schedule-competitors',
                    "Competitors' websites (up to five)",
                    d.competitors,
                    (competitors) => edit({ competitors }),
                  )}
                  <label for="schedule-weeks">Period</label>
                  <select
                    id="schedule-weeks"
                    .value=${live(String(d.weeks))}
                    @change=${(e: Event) => edit({ weeks: Number(fieldValue(e)) })}
                  >
                    ${REPORT_PERIODS.map((w) => html`<option value=${w}>Last ${w} weeks</option>`)}
                  </select>
                  ${textField('schedule-to', 'E-mail the link to (blank: you)', d.to, (to) =>
                    edit({ to }),
                  )}
                  <p class="hint">
                    Each run redraws the same deck from the sheet's latest readings, so its link
                    stays the same. Pair it with a score refresh of this sheet earlier that day.
                  </p>`
              : html`
                  <label for="schedule-refresh">Rows to refresh</label>
                  <select
                    id="schedule-refresh"
                    .value=${live(d.refresh)}
                    @change=${(e: Event) => edit({ refresh: fieldValue(e) as Draft['refresh'] })}
                  >
                    <option value="stale">Stale, failed or never checked</option>
                    <option value="all">Every row</option>
                  </select>
                  ${checkbox(
                    'schedule-email',
                    d.email,
                    (on) => edit({ email: on }),
                    'E-mail me what moved',
                  )}
                `
          }
          ${checkbox(
            'schedule-team',
            d.team,
            (on) => edit({ team: on }),
            "Also post it to my team's Slack or Chat (its webhook in Settings)",
          )}
          ${
            d.action === 'sendReport'
              ? ''
              : html`
                  ${numberField(
                    'schedule-min-change',
                    'Smallest score change worth an alert',
                    d.minChange,
                    (minChange) => edit({ minChange }),
                    [0, 100],
                  )}
                  ${checkbox(
                    'schedule-unusual',
                    d.unusualOnly,
                    (on) => edit({ unusualOnly: on }),
                    'Only moves unusual for the brand',
                  )}
                `
          }
          <div class="row">
            <button id="schedule-save" type="submit" class="primary">Save schedule</button>
            <button
              id="schedule-new"
              type="button"
              @click=${() => tab.set({ draft: draftOf(null) })}
            >
              New
            </button>
          </div>
        </form>
        ${messageLine('schedule-message', s.message)}
        <div id="run-log-host"></div>`;
    },
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

  const show = (message: Message) => tab.set({ message });

  async function save(s: Schedule): Promise<void> {
    const r = await attempt(show, () => call('saveSchedule', s), reportMessage);
    if (r?.ok) tab.set({ draft: draftOf(null) });
    if (r) await refresh();
  }

  async function takeOverNow(id: string): Promise<void> {
    tab.set({ confirming: null });
    if (await attempt(show, () => call('takeOverSchedule', id), reportMessage)) await refresh();
  }

  async function remove(id: string): Promise<void> {
    if (await attempt(show, () => call('deleteSchedule', id), reportMessage)) await refresh();
  }

  return { refresh };
}
