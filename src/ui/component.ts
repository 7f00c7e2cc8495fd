/**
 * A tab is a component: its state, and a lit-html view of that state rendered into its panel.
 * lit-html puts every interpolated value into the page as text (or as an attribute value), never
 * as markup, so a brand name or message holding HTML shows as it is.
 */
import { html, nothing, render, type TemplateResult } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import type { ListPlace } from '../contract/scores';
import { call, errorText } from './rpc';

export interface Component<S> {
  readonly state: S;
  /** Merges the change into the state and renders the panel again. */
  set(change: Partial<S>): void;
}

export function mount<S extends object>(
  host: HTMLElement,
  initial: S,
  view: (state: S, self: Component<S>) => TemplateResult,
): Component<S> {
  const self = {
    state: initial,
    set(change: Partial<S>) {
      self.state = { ...self.state, ...change };
      render(view(self.state, self), host);
    },
  };
  self.set({});
  return self;
}

/** What a form field's event says: its text, or whether it is checked. */
export const fieldValue = (e: Event): string =>
  (e.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement).value;
const fieldChecked = (e: Event): boolean => (e.target as HTMLInputElement).checked;

/** A labelled one-line text field for addresses and websites (no spelling marks, no autofill). */
export const textField = (
  id: string,
  label: string,
  value: string,
  change: (text: string) => void,
) =>
  html`<label for=${id}>${label}</label>
    <input
      id=${id}
      type="text"
      autocomplete="off"
      spellcheck="false"
      .value=${live(value)}
      @input=${(e: Event) => change(fieldValue(e))}
    />`;

/** A labelled whole-number field between `min` and `max` (the server checks it again). */
export const numberField = (
  id: string,
  label: string,
  value: number,
  change: (n: number) => void,
  [min, max]: [number, number],
) =>
  html`<label for=${id}>${label}</label>
    <input
      id=${id}
      type="number"
      min=${min}
      max=${max}
      .value=${live(String(value))}
      @input=${(e: Event) => change(Number(fieldValue(e)))}
    />`;

/** A checkbox inside its label (the whole label toggles it); `disabled` greys it out. */
export const checkbox = (
  id: string,
  checked: boolean,
  change: (on: boolean) => void,
  label: string,
  disabled = false,
) =>
  html`<label class="check"
    ><input
      id=${id}
      type="checkbox"
      .checked=${live(checked)}
      ?disabled=${disabled}
      @change=${(e: Event) => change(fieldChecked(e))}
    />
    ${label}</label
  >`;

/** A secret pasted once (a key, a webhook): never shown back, its saved form as the placeholder. */
export const secretField = (
  id: string,
  placeholder: string,
  draft: string,
  onInput: (value: string) => void,
) =>
  html`<input
    id=${id}
    type="password"
    autocomplete="off"
    spellcheck="false"
    placeholder=${placeholder}
    .value=${live(draft)}
    @input=${(e: Event) => onInput(fieldValue(e))}
  />`;

export type Tone = 'ok' | 'error' | '';
export interface Message {
  text: string;
  tone: Tone;
}
export const NO_MESSAGE: Message = { text: '', tone: '' };
export const say = (text: string, tone: Tone = ''): Message => ({ text, tone });

/**
 * A part of a tab a person opens when they need it: its heading stays in view, its body folds,
 * so a tab's main action fits a 300 × 900 sidebar. Opened, it stays open across re-renders;
 * `open` opens it when it has something to say (a warning).
 */
export const foldable = (id: string, title: string, body: unknown, open = false) =>
  html`<details id=${id} class="fold" ?open=${open}>
    <summary><h3>${title}</h3></summary>
    ${body}
  </details>`;

/** A status line read out when it changes (kept on one line: its text is exactly the message). */
// prettier-ignore
export const messageLine = (id: string, m: Message, extra: unknown = '') =>
  html`<p id=${id} class="message ${m.tone}" role="status" aria-live="polite">${m.text}${extra}</p>`;

/** How a server report reads in a status line: done/ok in green, a run still going (partial)
 * plain, anything else as a problem. */
export const reportMessage = (r: { message: string; state?: string; ok?: boolean }): Message =>
  say(r.message, r.ok === true || r.state === 'done' ? 'ok' : r.state === 'partial' ? '' : 'error');

/** Runs one server call for a button: `busy` while it runs, then the report's message, or what
 * went wrong. Returns the report, or null when the call failed. */
export async function attempt<R>(
  show: (m: Message) => void,
  run: () => Promise<R>,
  read: (r: R) => Message,
  busy?: string,
): Promise<R | null> {
  if (busy) show(say(busy));
  try {
    const r = await run();
    show(read(r));
    return r;
  } catch (e) {
    show(say(errorText(e), 'error'));
    return null;
  }
}

/**
 * The way back to the list a person came from, once the add-on made another sheet the active one
 * (a chart, the scan monitor): a button that reopens the list with the block they had selected.
 * `after` hears what to say: nothing, or that the list is gone.
 */
export function backToList(id: string, place: ListPlace | null, after: (m: Message) => void) {
  if (!place) return '';
  const gone = say(`"${place.sheetName}" is no longer in this spreadsheet.`, 'error');
  const back = () =>
    call('returnToList', place).then(
      (found) => after(found ? NO_MESSAGE : gone),
      (e: unknown) => after(say(errorText(e), 'error')),
    );
  return html`<div class="row">
    <button id=${id} @click=${() => void back()}>${`Back to "${place.sheetName}"`}</button>
  </div>`;
}

/**
 * An action that needs the API key says so before it is pressed, with the way to Settings; the
 * buttons it describes point at it (`aria-describedby`) and are disabled meanwhile.
 */
export const needsKey = (
  id: string,
  what: string,
  hasKey: boolean,
  openSettings: () => void,
  action = 'Add it in Settings',
) =>
  html`<p id=${id} class="notice" ?hidden=${hasKey}>
    ${what}
    <button type="button" class="link" @click=${openSettings}>${action}</button>
  </p>`;

/**
 * A progress bar, said in numbers to assistive technology (`text`, when the percent alone does not
 * say it), its coloured segments given by the tab.
 */
export const progressBar = (
  bar: { id: string; label: string; percent: number; text?: string; hidden?: boolean },
  segments: TemplateResult,
) =>
  html`<div
    id=${bar.id}
    class="bar"
    role="progressbar"
    aria-label=${bar.label}
    aria-valuemin="0"
    aria-valuemax="100"
    aria-valuenow=${bar.percent}
    aria-valuetext=${bar.text ?? nothing}
    ?hidden=${bar.hidden ?? false}
  >
    ${segments}
  </div>`;
