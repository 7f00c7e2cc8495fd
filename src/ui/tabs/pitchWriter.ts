/**
 * Outreach's pitch writer: a pitch per selected prospect from a template (a starter or one of the
 * person's own), previewed on the first rows before anything is written, and templates kept.
 */
import { html } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import type { OutreachView, PitchPreview, PitchTemplate } from '../../contract/outreach';
import {
  attempt,
  fieldValue,
  messageLine,
  mount,
  NO_MESSAGE,
  reportMessage,
  say,
  type Component,
  type Message,
} from '../component';
import { call } from '../rpc';

interface State {
  view: OutreachView | null;
  template: string;
  /** The template picked to start from. */
  picked: string;
  /** The name the template is kept under (a saved one's, when one was picked). */
  name: string;
  preview: PitchPreview | null;
  /** What Preview, Write and the template buttons answer, shown under them. */
  message: Message;
}

type Block = Component<State>;

interface Actions {
  set(change: Partial<State>): void;
  pick(name: string): void;
  insert(placeholder: string): void;
  preview(): void;
  write(): void;
  keep(): void;
  remove(): void;
}

const previewLine = (r: PitchPreview['rows'][number]) =>
  r.pitch === null
    ? html`<li><strong>Row ${r.row}:</strong> no pitch, missing: ${r.missing.join(', ')}</li>`
    : html`<li><strong>Row ${r.row}:</strong> ${r.pitch}</li>`;

const options = (list: PitchTemplate[], picked: string) =>
  list.map((t) => html`<option value=${t.name} ?selected=${picked === t.name}>${t.name}</option>`);

/** Where a pitch starts: a template picked, its text, the placeholders of the list. */
const templateView = (s: State, act: Actions) =>
  html`<label for="pitch-pick">Start from</label>
    <select id="pitch-pick" @change=${(e: Event) => act.pick(fieldValue(e))}>
      <option value="" ?selected=${!s.picked}>Choose a template…</option>
      <optgroup label="Starters">${options(s.view?.starters ?? [], s.picked)}</optgroup>
      <optgroup label="Yours">${options(s.view?.saved ?? [], s.picked)}</optgroup>
    </select>
    <label for="pitch-template">Template</label>
    <textarea
      id="pitch-template"
      rows="5"
      .value=${live(s.template)}
      @input=${(e: Event) => act.set({ template: fieldValue(e), preview: null })}
    ></textarea>
    <p id="placeholders-label" class="muted">Placeholders (press one to insert it):</p>
    <ul id="placeholders" class="chips" aria-labelledby="placeholders-label">
      ${(s.view?.placeholders ?? []).map(
        (p) =>
          html`<li>
            <button type="button" class="chip" @click=${() => act.insert(p)}>${p}</button>
          </li>`,
      )}
    </ul>`;

const isSaved = (s: State) => !!s.view?.saved.some((t) => t.name === s.name);

/** Keeping the template under a name, or deleting one kept. */
const keepView = (s: State, act: Actions) =>
  html`<label for="pitch-name">Keep this template as</label>
    <div class="row">
      <input
        id="pitch-name"
        class="grow"
        type="text"
        .value=${live(s.name)}
        @input=${(e: Event) => act.set({ name: fieldValue(e) })}
      />
      <button id="keep-template" type="button" @click=${act.keep}>Keep</button>
      <button id="delete-template" type="button" ?hidden=${!isSaved(s)} @click=${act.remove}>
        Delete "${s.name}"
      </button>
    </div>`;

const view = (s: State, act: Actions) =>
  html`${templateView(s, act)}
    <div class="row">
      <button id="preview-pitches" type="button" @click=${act.preview}>Preview</button>
      <button id="write-pitches" type="button" class="primary" @click=${act.write}>
        Write pitches for the selection
      </button>
    </div>
    ${messageLine('pitch-message', s.message)}
    <ul id="pitch-preview" class="pitch-preview" aria-label="Preview of the first selected rows">
      ${s.preview?.rows.map(previewLine) ?? ''}
    </ul>
    ${keepView(s, act)}`;

function pick(block: Block, name: string): void {
  const v = block.state.view;
  const t = [...(v?.starters ?? []), ...(v?.saved ?? [])].find((x) => x.name === name);
  // A starter cannot be kept under its own name: only a saved template fills the name.
  const saved = v?.saved.some((x) => x.name === name) ?? false;
  if (t) block.set({ template: t.text, picked: t.name, name: saved ? t.name : '', preview: null });
}

/** Puts `{Name}` where the cursor is in the template, for people who do not type braces. */
function insert(block: Block, host: HTMLElement, placeholder: string): void {
  const area = host.querySelector<HTMLTextAreaElement>('#pitch-template');
  const text = block.state.template;
  const at = area?.selectionStart ?? text.length;
  block.set({ template: `${text.slice(0, at)}{${placeholder}}${text.slice(at)}` });
  area?.focus();
}

async function keep(block: Block, show: (m: Message) => void): Promise<void> {
  const t = { name: block.state.name, text: block.state.template };
  const r = await attempt(show, () => call('savePitchTemplate', t), reportMessage);
  const v = block.state.view;
  if (r?.ok && v) block.set({ view: { ...v, saved: r.saved }, picked: t.name.trim() });
}

async function remove(block: Block, show: (m: Message) => void): Promise<void> {
  const r = await attempt(show, () => call('deletePitchTemplate', block.state.name), reportMessage);
  const v = block.state.view;
  if (r && v) block.set({ view: { ...v, saved: r.saved }, name: '', picked: '' });
}

function actionsOf(block: () => Block, host: HTMLElement): Actions {
  const show = (message: Message) => block().set({ message });
  const template = () => block().state.template;
  return {
    set: (change) => block().set(change),
    pick: (name) => pick(block(), name),
    insert: (p) => insert(block(), host, p),
    preview: async () => {
      const r = await attempt(
        show,
        () => call('previewPitches', { template: template() }),
        (p) => (p.state === 'done' ? say(p.message) : reportMessage(p)),
        'Filling the first rows…',
      );
      block().set({ preview: r });
    },
    write: () =>
      void attempt(
        show,
        () => call('writePitches', { template: template() }),
        reportMessage,
        'Writing pitches…',
      ),
    keep: () => void keep(block(), show),
    remove: () => void remove(block(), show),
  };
}

export function pitchWriterBlock(host: HTMLElement) {
  const act = actionsOf(() => block, host);
  const block: Block = mount<State>(
    host,
    { view: null, template: '', picked: '', name: '', preview: null, message: NO_MESSAGE },
    (s) => view(s, act),
  );
  return { show: (view: OutreachView) => block.set({ view }) };
}
