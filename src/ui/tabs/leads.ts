/** Leads: watch a sheet a form or a sync fills, so each new row gets its report and its lead the link. */
import { html } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import {
  DEFAULT_TEMPLATES,
  type LeadsView,
  type LeadWatchInput,
  type LeadWatchView,
} from '../../contract/leads';
import {
  attempt,
  checkbox,
  fieldValue,
  messageLine,
  mount,
  NO_MESSAGE,
  reportMessage,
  say,
  textField,
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

export function leadsTab(host: HTMLElement) {
  const edit = (change: Partial<State['draft']>) =>
    tab.set({ draft: { ...tab.state.draft, ...change } });
  const show = (message: Message) => tab.set({ message });
  /** The person picked what rows get: the key's arrival no longer changes it. */
  let modeChosen = false;

  const pickSheet = (name: string) => {
    const headers = tab.state.view?.sheets.find((s) => s.name === name)?.headers ?? [];
    edit({
      sheetName: name,
      website: guess(headers, /web ?site|domain|url|company site/i),
      email: guess(headers, /e-?mail/i),
      consent: guess(headers, /consent|agree|may we|opt/i),
    });
  };

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

  const item = (w: LeadWatchView) =>
    html`<li>
      <p>${describe(w)}</p>
      ${
        w.mine
          ? html`<div class="row">
              <button
                type="button"
                aria-label=${`Stop watching ${w.sheetName}`}
                @click=${() => void stop(w.id)}
              >
                Stop watching
              </button>
            </div>`
          : ''
      }
    </li>`;

  const form = (s: State, v: LeadsView) => {
    const d = s.draft;
    const headers = v.sheets.find((x) => x.name === d.sheetName)?.headers ?? [];
    return html`<form
      id="lead-form"
      @submit=${(e: Event) => {
        e.preventDefault();
        void save();
      }}
    >
      ${select(
        'lead-sheet',
        'Sheet new leads arrive in',
        d.sheetName,
        v.sheets.map((x) => x.name),
        pickSheet,
        'Choose a sheet',
      )}
      ${select('lead-website', 'Website column', d.website, headers, (website) => edit({ website }), 'Choose a column')}
      <label for="lead-mode">Each new row gets</label>
      <select
        id="lead-mode"
        .value=${live(d.mode)}
        @change=${(e: Event) => {
          modeChosen = true;
          tab.set({ draft: withMode(tab.state.draft, fieldValue(e) as 'preview' | 'link') });
        }}
      >
        <option value="preview" ?disabled=${!v.hasKey}>A report now (uses your key)</option>
        <option value="link">The no-cost report link</option>
      </select>
      ${select('lead-email', 'E-mail the link to (optional)', d.email, headers, (email) => edit({ email }), 'Nobody')}
      ${
        d.email
          ? html`${select('lead-consent', 'Only when this column says yes', d.consent, headers, (consent) => edit({ consent }), 'No consent column')}
              ${textField('lead-subject', 'Subject', d.subject, (subject) => edit({ subject }))}
              <label for="lead-body"
                >Message (plain text; {report link}, {website} and any column, like {Name})</label
              >
              <textarea
                id="lead-body"
                rows="6"
                .value=${live(d.body)}
                @input=${(e: Event) => edit({ body: fieldValue(e) })}
              ></textarea>`
          : ''
      }
      ${checkbox('lead-earlier', d.includeEarlier, (includeEarlier) => edit({ includeEarlier }), 'Also the rows already there')}
      <div class="row"><button type="submit" class="primary">Watch this sheet</button></div>
    </form>`;
  };

  const tab = mount<State>(
    host,
    { view: null, draft: emptyDraft(true), message: NO_MESSAGE },
    (s) => {
      const v = s.view;
      return html`<h2>Leads</h2>
        <p class="hint">
          Watch the sheet a form or a CRM fills: each new row gets its report, and the lead can get
          the link by e-mail from your account. A form's response is handled within seconds, other
          new rows within the hour.
        </p>
        ${
          v?.missing.length
            ? html`<p class="notice">${v.missing.join('. ')}: grant it in Settings.</p>`
            : ''
        }
        <h3 id="lead-list-title">Watched sheets</h3>
        <ul id="lead-list" class="schedules" tabindex="0" aria-labelledby="lead-list-title">
          ${v?.watches.length ? v.watches.map(item) : html`<li>No sheet is watched yet.</li>`}
        </ul>
        <h3>Watch a sheet</h3>
        ${v ? form(s, v) : html`<p>Loading…</p>`} ${messageLine('lead-message', s.message)}`;
    },
  );

  async function load(): Promise<void> {
    try {
      const view = await call('getLeads');
      // A key saved since the tab last loaded makes a report now the choice, unless one was made.
      const mode = modeChosen ? tab.state.draft.mode : emptyDraft(view.hasKey).mode;
      tab.set({ view, draft: withMode(tab.state.draft, mode) });
    } catch (e) {
      show(say(errorText(e), 'error'));
    }
  }

  async function save(): Promise<void> {
    const r = await attempt(
      show,
      () => call('saveLeadWatch', tab.state.draft),
      reportMessage,
      'Saving…',
    );
    if (r?.ok) modeChosen = false;
    if (r) tab.set({ view: r.view, ...(r.ok ? { draft: emptyDraft(r.view.hasKey) } : {}) });
  }

  async function stop(id: string): Promise<void> {
    const r = await attempt(show, () => call('deleteLeadWatch', id), reportMessage);
    if (r) tab.set({ view: r.view });
  }

  return { load };
}
