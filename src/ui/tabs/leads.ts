/** Leads: watch a sheet a form or a sync fills, so each new row gets its report and its lead the link. */
import { html } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import {
  DEFAULT_TEMPLATES,
  LEADS_PER_DAY,
  type LeadsView,
  type LeadWatchInput,
  type LeadWatchView,
} from '../../contract/leads';
import {
  attempt,
  checkbox,
  fieldValue,
  foldable,
  messageLine,
  mount,
  numberField,
  NO_MESSAGE,
  reportMessage,
  say,
  textField,
  type Component,
  type Message,
} from '../component';
import { counted } from '../words';
import { call, errorText } from '../rpc';

interface State {
  view: LeadsView | null;
  draft: Required<LeadWatchInput>;
  message: Message;
}

const emptyDraft = (hasKey: boolean): Required<LeadWatchInput> => ({
  sheetName: '',
  website: '',
  email: '',
  consent: '',
  consentYes: [],
  dailyCap: DEFAULT_CAP,
  mode: hasKey ? 'preview' : 'link',
  ...DEFAULT_TEMPLATES[hasKey ? 'preview' : 'link'],
  includeEarlier: false,
});

/** The draft in another mode: a message still as the old mode's default becomes the new one's. */
function withMode(d: Required<LeadWatchInput>, mode: 'preview' | 'link') {
  const old = DEFAULT_TEMPLATES[d.mode];
  const untouched = d.subject === old.subject && d.body === old.body;
  return { ...d, mode, ...(untouched ? DEFAULT_TEMPLATES[mode] : {}) };
}

/** A likely column by its header, so a form's usual questions need no choosing. */
const guess = (headers: string[], pattern: RegExp) => headers.find((h) => pattern.test(h)) ?? '';

function describe(w: LeadWatchView): string {
  const what =
    w.mode === 'preview'
      ? 'a report'
      : 'the no-cost report link (the lead signs in when opening it, and the report starts then)';
  const mail = w.email
    ? `, e-mailed to "${w.email}"${w.consent ? ` when "${w.consent}" says yes` : ''}`
    : '';
  const last = w.lastNewRow ? new Date(w.lastNewRow).toLocaleString() : 'none yet';
  if (w.gone)
    return `"${w.sheetName}" was deleted: nothing arrives to watch. ${w.mine ? 'Stop watching it' : `${w.owner} may stop watching it`}.`;
  const waiting = w.waiting ? `, ${counted(w.waiting, 'row')} waiting` : '';
  const made = counted(w.reportsToday, w.mode === 'preview' ? 'report' : 'link');
  return `"${w.sheetName}": each new row gets ${what}${mail}. Last new row: ${last}. Today: ${made}, ${w.emailsToday} e-mailed${waiting}. Runs as ${w.mine ? 'you' : w.owner}.`;
}

type Draft = State['draft'];
type Tab = Component<State>;

interface Actions {
  edit(change: Partial<Draft>): void;
  pickSheet(name: string): void;
  mode(mode: 'preview' | 'link'): void;
  save(): void;
  stop(id: string): void;
  accept(id: string): void;
}

const select = (
  id: string,
  label: string,
  value: string,
  options: string[],
  change: (v: string) => void,
  none: string,
) =>
  html`<label for=${id}>${label}</label>
    <select id=${id} .value=${live(value)} @change=${(e: Event) => change(fieldValue(e))}>
      <option value="">${none}</option>
      ${options.map((o) => html`<option value=${o} ?selected=${o === value}>${o}</option>`)}
    </select>`;

/**
 * Rows of a form's sheet the form did not deliver: the owner alone makes them leads, knowing
 * what they cost (editors see only how many wait).
 */
const awaiting = (w: LeadWatchView, act: Actions) =>
  w.awaitingYou
    ? html`<p class="notice">
          ${counted(w.awaitingYou, 'row')} arrived without a form response the add-on saw (pasted,
          typed, or a response whose event Google lost): not leads until
          ${w.mine ? 'you accept them' : `${w.owner} accepts them`}.
        </p>
        ${
          w.mine
            ? html`<div class="row">
                <button type="button" @click=${() => act.accept(w.id)}>
                  Accept ${counted(w.awaitingYou, 'row')} as leads
                  (${w.mode === 'preview' ? 'reports on your key' : 'report links'}${w.email ? ', e-mails from you' : ''})
                </button>
              </div>`
            : ''
        }`
    : '';

const item = (w: LeadWatchView, act: Actions) =>
  html`<li>
    <p>${describe(w)}</p>
    ${awaiting(w, act)}
    ${
      w.mine
        ? html`<div class="row">
            <button
              type="button"
              aria-label=${`Stop watching ${w.sheetName}`}
              @click=${() => act.stop(w.id)}
            >
              Stop watching
            </button>
          </div>`
        : ''
    }
  </li>`;

/**
 * A plain yes, a ticked box or an answer named here: a form's consent choice in its own words
 * ("I agree to receive my report") counts only once its owner says it means yes.
 */
const yesAnswersField = (d: Draft, act: Actions) =>
  html`<label for="lead-consent-yes">Your form's yes, word for word</label>
    <textarea
      id="lead-consent-yes"
      rows="1"
      .value=${live(d.consentYes.join('\n'))}
      @input=${(e: Event) => act.edit({ consentYes: fieldValue(e).split('\n') })}
    ></textarea>`;

/** The lead's e-mail: only when a column of addresses is chosen. */
const mailFields = (d: Draft, headers: string[], act: Actions) =>
  d.email
    ? html`${select('lead-consent', 'Only when this column says yes', d.consent, headers, (consent) => act.edit({ consent }), 'No consent column')}
      ${d.consent ? yesAnswersField(d, act) : ''}
      ${foldable(
        'lead-mail-words',
        'The e-mail’s subject and message',
        html`${textField('lead-subject', 'Subject', d.subject, (subject) => act.edit({ subject }))}
          <label for="lead-body"
            >Message (plain text; {report link}, {website} and any column, like {Name})</label
          >
          <textarea
            id="lead-body"
            rows="6"
            .value=${live(d.body)}
            @input=${(e: Event) => act.edit({ body: fieldValue(e) })}
          ></textarea>`,
      )}`
    : '';

const modeField = (d: Draft, hasKey: boolean, act: Actions) =>
  html`<label for="lead-mode">Each new row gets</label>
    <select
      id="lead-mode"
      .value=${live(d.mode)}
      @change=${(e: Event) => act.mode(fieldValue(e) as 'preview' | 'link')}
    >
      <option value="preview" ?disabled=${!hasKey}>A report now (uses your key)</option>
      <option value="link">The no-cost report link</option>
    </select>`;

/** What a sheet no form fills lets through a day until its owner says otherwise. */
const DEFAULT_CAP = 20;

/**
 * On a sheet no form fills, every editor's rows are leads: the owner says how many a day may
 * spend her key and mail from her account, knowing why she is asked.
 */
const capField = (d: Draft, act: Actions) =>
  numberField(
    'lead-cap',
    "Rows a day at most (no form: anyone's rows are leads)",
    d.dailyCap,
    (dailyCap) => act.edit({ dailyCap }),
    [1, LEADS_PER_DAY],
  );

function form(d: Draft, v: LeadsView, act: Actions) {
  const sheet = v.sheets.find((x) => x.name === d.sheetName);
  const headers = sheet?.headers ?? [];
  const sheets = v.sheets.map((x) => x.name);
  return html`<form
    id="lead-form"
    @submit=${(e: Event) => {
      e.preventDefault();
      act.save();
    }}
  >
    ${select('lead-sheet', 'Sheet new leads arrive in', d.sheetName, sheets, act.pickSheet, 'Choose a sheet')}
    ${select('lead-website', 'Website column', d.website, headers, (website) => act.edit({ website }), 'Choose a column')}
    ${modeField(d, v.hasKey, act)} ${sheet && !sheet.form ? capField(d, act) : ''}
    ${select('lead-email', 'E-mail the link to (optional)', d.email, headers, (email) => act.edit({ email }), 'Nobody')}
    ${mailFields(d, headers, act)}
    ${checkbox('lead-earlier', d.includeEarlier, (includeEarlier) => act.edit({ includeEarlier }), 'Also the rows already there')}
    <div class="row"><button type="submit" class="primary">Watch this sheet</button></div>
  </form>`;
}

function view(s: State, act: Actions) {
  const v = s.view;
  return html`<h2>Leads</h2>
    <p class="hint">
      New rows get their report, and each lead its link by e-mail from you (a form's response within
      seconds).
    </p>
    ${v?.missing.length ? html`<p class="notice">${v.missing.join('. ')}: grant it in Settings.</p>` : ''}
    <h3 id="lead-list-title">Watched sheets</h3>
    <ul id="lead-list" class="schedules" tabindex="0" aria-labelledby="lead-list-title">
      ${v?.watches.length ? v.watches.map((w) => item(w, act)) : html`<li>No sheet is watched yet.</li>`}
    </ul>
    <h3>Watch a sheet</h3>
    ${v ? form(s.draft, v, act) : html`<p>Loading…</p>`} ${messageLine('lead-message', s.message)}`;
}

/** The person picked what rows get: the key's arrival no longer changes it. */
interface Choice {
  modeChosen: boolean;
}

function actionsOf(tab: () => Tab, choice: Choice): Actions {
  const edit = (change: Partial<Draft>) =>
    tab().set({ draft: { ...tab().state.draft, ...change } });
  const show = (message: Message) => tab().set({ message });
  return {
    edit,
    pickSheet: (name) => {
      const headers = tab().state.view?.sheets.find((s) => s.name === name)?.headers ?? [];
      edit({
        sheetName: name,
        website: guess(headers, /web ?site|domain|url|company site/i),
        email: guess(headers, /e-?mail/i),
        consent: guess(headers, /consent|agree|may we|opt/i),
      });
    },
    mode: (mode) => {
      choice.modeChosen = true;
      tab().set({ draft: withMode(tab().state.draft, mode) });
    },
    save: async () => {
      const r = await attempt(
        show,
        () => call('saveLeadWatch', tab().state.draft),
        reportMessage,
        'Saving…',
      );
      if (r?.ok) choice.modeChosen = false;
      if (r) tab().set({ view: r.view, ...(r.ok ? { draft: emptyDraft(r.view.hasKey) } : {}) });
    },
    stop: async (id) => {
      const r = await attempt(show, () => call('deleteLeadWatch', id), reportMessage);
      if (r) tab().set({ view: r.view });
    },
    accept: async (id) => {
      const r = await attempt(show, () => call('acceptLeadRows', id), reportMessage);
      if (r) tab().set({ view: r.view });
    },
  };
}

export function leadsTab(host: HTMLElement) {
  const choice: Choice = { modeChosen: false };
  const act = actionsOf(() => tab, choice);
  const tab: Tab = mount<State>(
    host,
    { view: null, draft: emptyDraft(true), message: NO_MESSAGE },
    (s) => view(s, act),
  );
  async function load(): Promise<void> {
    try {
      const v = await call('getLeads');
      // A key saved since the tab last loaded makes a report now the choice, unless one was made.
      const mode = choice.modeChosen ? tab.state.draft.mode : emptyDraft(v.hasKey).mode;
      tab.set({ view: v, draft: withMode(tab.state.draft, mode) });
    } catch (e) {
      tab.set({ message: say(errorText(e), 'error') });
    }
  }
  return { load };
}
