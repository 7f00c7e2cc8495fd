/**
 * A tab is a component: its state, and a lit-html view of that state rendered into its panel.
 * lit-html puts every interpolated value into the page as text (or as an attribute value), never
 * as markup, so a brand name or message holding HTML shows as it is.
 */
import { html, render, type TemplateResult } from 'lit-html';

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

export type Tone = 'ok' | 'error' | '';
export interface Message {
  text: string;
  tone: Tone;
}
export const NO_MESSAGE: Message = { text: '', tone: '' };
export const say = (text: string, tone: Tone = ''): Message => ({ text, tone });

/** A status line read out when it changes (kept on one line: its text is exactly the message). */
// prettier-ignore
export const messageLine = (id: string, m: Message, extra: unknown = '') =>
  html`<p id=${id} class="message ${m.tone}" role="status" aria-live="polite">${m.text}${extra}</p>`;

export const plural = (n: number, one: string, many = `${one}s`) => (n === 1 ? one : many);
