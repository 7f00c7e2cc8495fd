/**
 * The Schedules tab's form: what a schedule does, on which sheet, how often, and what it tells,
 * as a draft the person edits and the schedule it saves.
 */
import { html } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import { WEEKDAYS, type Schedule, type ScheduleView } from '../../contract/schedules';
import { DEFAULTS } from '../../contract/defaults';
import { REPORT_PERIODS } from '../../contract/reports';
import { checkbox, fieldValue, numberField, textField } from '../component';

export interface Draft {
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

export const draftOf = (s: ScheduleView | null): Draft => ({
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

export const scheduleOf = (d: Draft): Schedule => ({
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

export interface FormActions {
  edit(change: Partial<Draft>): void;
  save(d: Draft): void;
  clear(): void;
}

type Edit = FormActions['edit'];

const options = (values: Array<[string, string]>) =>
  values.map(([value, label]) => html`<option value=${value}>${label}</option>`);

function whatAndWhere(d: Draft, sheets: string[], edit: Edit) {
  const names = [...new Set([...sheets, ...(d.sheetName ? [d.sheetName] : [])])];
  return html`<label for="schedule-action">What it does</label>
    <select
      id="schedule-action"
      .value=${live(d.action)}
      @change=${(e: Event) => edit({ action: fieldValue(e) as Draft['action'] })}
    >
      ${options([
        ['refreshScores', "Scores of a sheet's Website column"],
        ['refreshScanMonitor', 'The scan monitor'],
        ['sendReport', "Send a brand's report deck"],
      ])}
    </select>
    <label for="schedule-sheet">Sheet</label>
    <select
      id="schedule-sheet"
      .value=${live(d.sheetName)}
      @change=${(e: Event) => edit({ sheetName: fieldValue(e) })}
    >
      <option value="">Choose a sheet</option>
      ${names.map(
        (name) =>
          html`<option value=${name}>
            ${sheets.includes(name) ? name : `${name} (no such sheet now)`}
          </option>`,
      )}
    </select>`;
}

/** How often and when; the day only for a weekly schedule. */
const when = (d: Draft, edit: Edit) =>
  html`<label for="schedule-every">How often</label>
    <select
      id="schedule-every"
      .value=${live(d.every)}
      @change=${(e: Event) => edit({ every: fieldValue(e) as Draft['every'] })}
    >
      ${options([
        ['day', 'Every day'],
        ['week', 'Every week'],
        ['month', 'Every month (on the 1st)'],
      ])}
    </select>
    ${
      d.every === 'week'
        ? html`<label for="schedule-weekday">Day</label>
            <select
              id="schedule-weekday"
              @change=${(e: Event) => edit({ weekday: Number(fieldValue(e)) })}
            >
              ${WEEKDAYS.map(
                (day, i) =>
                  html`<option value=${i + 1} ?selected=${d.weekday === i + 1}>${day}</option>`,
              )}
            </select>`
        : ''
    }
    ${numberField('schedule-hour', "Hour (the spreadsheet's time zone)", d.hour, (hour) => edit({ hour }), [0, 23])}`;

const reportFields = (d: Draft, edit: Edit) =>
  html`${textField('schedule-site', "The brand's website (its row in the sheet)", d.site, (site) => edit({ site }))}
    ${textField('schedule-competitors', "Competitors' websites (up to five)", d.competitors, (competitors) => edit({ competitors }))}
    <label for="schedule-weeks">Period</label>
    <select
      id="schedule-weeks"
      .value=${live(String(d.weeks))}
      @change=${(e: Event) => edit({ weeks: Number(fieldValue(e)) })}
    >
      ${REPORT_PERIODS.map((w) => html`<option value=${w}>Last ${w} weeks</option>`)}
    </select>
    ${textField('schedule-to', 'E-mail the link to (blank: you)', d.to, (to) => edit({ to }))}
    <p class="hint">
      Each run redraws the same deck from the sheet's latest readings, so its link stays the same.
      Pair it with a score refresh of this sheet earlier that day.
    </p>`;

const refreshFields = (d: Draft, edit: Edit) =>
  html`<label for="schedule-refresh">Rows to refresh</label>
    <select
      id="schedule-refresh"
      .value=${live(d.refresh)}
      @change=${(e: Event) => edit({ refresh: fieldValue(e) as Draft['refresh'] })}
    >
      <option value="stale">New, failed or not checked lately</option>
      <option value="all">Every row</option>
    </select>
    ${checkbox('schedule-email', d.email, (on) => edit({ email: on }), 'E-mail me what moved')}`;

/** What moves are worth an alert (a report schedule sends its deck instead). */
const alertFields = (d: Draft, edit: Edit) =>
  html`${numberField('schedule-min-change', 'Smallest score change worth an alert', d.minChange, (minChange) => edit({ minChange }), [0, 100])}
  ${checkbox('schedule-unusual', d.unusualOnly, (on) => edit({ unusualOnly: on }), 'Only moves unusual for the brand')}`;

export function scheduleForm(d: Draft, sheets: string[], act: FormActions) {
  const report = d.action === 'sendReport';
  return html`<h3 id="schedule-form-title">${d.id ? 'Edit the schedule' : 'Add a schedule'}</h3>
    <form
      id="schedule-form"
      @submit=${(e: Event) => {
        e.preventDefault();
        act.save(d);
      }}
    >
      ${whatAndWhere(d, sheets, act.edit)} ${when(d, act.edit)}
      ${report ? reportFields(d, act.edit) : refreshFields(d, act.edit)}
      ${checkbox('schedule-team', d.team, (on) => act.edit({ team: on }), "Also post it to my team's Slack or Chat (its webhook in Settings)")}
      ${report ? '' : alertFields(d, act.edit)}
      <div class="row">
        <button id="schedule-save" type="submit" class="primary">Save schedule</button>
        <button id="schedule-new" type="button" @click=${act.clear}>New</button>
      </div>
    </form>`;
}
