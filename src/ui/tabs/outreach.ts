/**
 * Outreach: a pitch per selected prospect from a template (previewed on the first rows before
 * anything is written), the user's own templates, marking prospects contacted, and the follow-ups.
 */
import { html } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import type { OutreachView, PitchPreview, PitchTemplate } from '../../contract/outreach';
import { DEFAULTS } from '../../contract/defaults';
import {
  attempt,
  fieldValue,
  mount,
  numberField,
  messageLine,
  NO_MESSAGE,
  reportMessage,
  say,
  type Message,
} from '../component';
import { call, errorText } from '../rpc';

interface State {
  view: OutreachView | null;
  template: string;
  /** The template picked to start from. */
  picked: string;
  /** The name the template is kept under (a saved one's, when one was picked). */
  name: string;
  preview: PitchPreview | null;
  minChange: number;
  /** What Preview, Write and the template buttons answer, shown under them. */
  writeMessage: Message;
  /** What the follow-up buttons answer, at the foot of the tab beside them. */
  message: Message;
}

const previewLine = (r: PitchPreview['rows'][number]) =>
  r.pitch === null
    ? html`<li><strong>Row ${r.row}:</strong> no pitch, missing: ${r.missing.join(', ')}</li>`
    : html`<li><strong>Row ${r.row}:</strong> ${r.pitch}</li>`;

export function outreachTab(host: HTMLElement) {
  const templates = (s: State): PitchTemplate[] => [
    ...(s.view?.starters ?? []),
    ...(s.view?.saved ?? []),
  ];
  const isSaved = (s: State) => !!s.view?.saved.some((t) => t.name === s.name);

  function pick(name: string): void {
    const t = templates(tab.state).find((x) => x.name === name);
    // A starter cannot be kept under its own name: only a saved template fills the name.
    const saved = tab.state.view?.saved.some((x) => x.name === name) ?? false;
    if (t) tab.set({ template: t.text, picked: t.name, name: saved ? t.name : '', preview: null });
  }

  /** Puts `{Name}` where the cursor is in the template, for people who do not type braces. */
  function insert(placeholder: string): void {
    const area = host.querySelector<HTMLTextAreaElement>('#pitch-template');
    const text = tab.state.template;
    const at = area?.selectionStart ?? text.length;
    tab.set({ template: `${text.slice(0, at)}{${placeholder}}${text.slice(at)}` });
    area?.focus();
  }

  const tab = mount<State>(
    host,
    {
      view: null,
      template: '',
      picked: '',
      name: '',
      preview: null,
      minChange: DEFAULTS.minChange,
      writeMessage: NO_MESSAGE,
      message: NO_MESSAGE,
    },
    (s) =>
      html`<h2>Outreach</h2>
        <p class="hint">
          Write a pitch for each selected prospect from a template: the add-on fills the
          <code>Pitch</code> column, and your mail-merge tool sends it with the
          <code>Report URL</code>. <code>{Column}</code> takes the row's value;
          <code>{{First name}}</code> is left for the mail-merge tool.
        </p>
        <label for="pitch-pick">Start from</label>
        <select id="pitch-pick" @change=${(e: Event) => pick(fieldValue(e))}>
          <option value="" ?selected=${!s.picked}>Choose a template…</option>
          <optgroup label="Starters">
            ${(s.view?.starters ?? []).map(
              (t) =>
                html`<option value=${t.name} ?selected=${s.picked === t.name}>${t.name}</option>`,
            )}
          </optgroup>
          <optgroup label="Yours">
            ${(s.view?.saved ?? []).map(
              (t) =>
                html`<option value=${t.name} ?selected=${s.picked === t.name}>${t.name}</option>`,
            )}
          </optgroup>
        </select>
        <label for="pitch-template">Template</label>
        <textarea
          id="pitch-template"
          rows="6"
          .value=${live(s.template)}
          @input=${(e: Event) => tab.set({ template: fieldValue(e), preview: null })}
        ></textarea>
        <p id="placeholders-label" class="muted">
          Placeholders of "${s.view?.sheetName ?? ''}" (press one to insert it):
        </p>
        <ul id="placeholders" class="chips" aria-labelledby="placeholders-label">
          ${(s.view?.placeholders ?? []).map(
            (p) =>
              html`<li>
                <button type="button" class="chip" @click=${() => insert(p)}>${p}</button>
              </li>`,
          )}
        </ul>
        <div class="row">
          <button id="preview-pitches" type="button" @click=${() => void preview()}>Preview</button>
          <button id="write-pitches" type="button" class="primary" @click=${() => void write()}>
            Write pitches for the selection
          </button>
        </div>
        ${messageLine('pitch-message', s.writeMessage)}
        <ul
          id="pitch-preview"
          class="pitch-preview"
          aria-label="Preview of the first selected rows"
        >
          ${s.preview?.rows.map(previewLine) ?? ''}
        </ul>
        <label for="pitch-name">Keep this template as</label>
        <input
          id="pitch-name"
          type="text"
          .value=${live(s.name)}
          @input=${(e: Event) => tab.set({ name: fieldValue(e) })}
        />
        <div class="row">
          <button id="keep-template" type="button" @click=${() => void keep()}>
            Keep template
          </button>
          <button
            id="delete-template"
            type="button"
            ?hidden=${!isSaved(s)}
            @click=${() => void remove()}
          >
            Delete "${s.name}"
          </button>
        </div>
        <h3>After you write</h3>
        <div class="row">
          <button id="mark-contacted" type="button" @click=${() => void marked()}>
            Mark selected rows contacted
          </button>
        </div>
        ${numberField(
          'follow-up-min',
          'Smallest score change worth a follow-up',
          s.minChange,
          (minChange) => tab.set({ minChange }),
          [0, 100],
        )}
        <div class="row">
          <button id="refresh-follow-ups" type="button" @click=${() => void followUps()}>
            Refresh follow-ups
          </button>
        </div>
        ${messageLine('outreach-message', s.message)}`,
  );

  const show = (message: Message) => tab.set({ message });
  // Feedback where the press was: the writing buttons answer under themselves.
  const showWrite = (writeMessage: Message) => tab.set({ writeMessage });

  async function load(): Promise<void> {
    try {
      const view = await call('getOutreach');
      tab.set({ view, minChange: view.minChange });
    } catch (e) {
      show(say(errorText(e), 'error'));
    }
  }

  async function preview(): Promise<void> {
    const r = await attempt(
      showWrite,
      () => call('previewPitches', { template: tab.state.template }),
      (p) => (p.state === 'done' ? say(p.message) : reportMessage(p)),
      'Filling the first rows…',
    );
    tab.set({ preview: r });
  }

  async function write(): Promise<void> {
    const template = tab.state.template;
    await attempt(
      showWrite,
      () => call('writePitches', { template }),
      reportMessage,
      'Writing pitches…',
    );
  }

  async function keep(): Promise<void> {
    const t = { name: tab.state.name, text: tab.state.template };
    const r = await attempt(showWrite, () => call('savePitchTemplate', t), reportMessage);
    if (r?.ok && tab.state.view)
      tab.set({ view: { ...tab.state.view, saved: r.saved }, picked: t.name.trim() });
  }

  async function remove(): Promise<void> {
    const r = await attempt(
      showWrite,
      () => call('deletePitchTemplate', tab.state.name),
      reportMessage,
    );
    if (r && tab.state.view)
      tab.set({ view: { ...tab.state.view, saved: r.saved }, name: '', picked: '' });
  }

  async function marked(): Promise<void> {
    await attempt(show, () => call('markContacted'), reportMessage, 'Marking…');
  }

  async function followUps(): Promise<void> {
    const minChange = tab.state.minChange;
    await attempt(
      show,
      () => call('refreshFollowUps', { minChange }),
      reportMessage,
      'Looking through every list…',
    );
  }

  return { load };
}
