/** Start: the first-run checklist (public scores without a key, then the key, then a test). */
import { html } from 'lit-html';
import type { Panel } from '../../contract/sidebar';
import type { ListPlace } from '../../contract/scores';
import {
  attempt,
  backToList,
  mount,
  messageLine,
  NO_MESSAGE,
  reportMessage,
  type Message,
} from '../component';
import { call } from '../rpc';

/** A step of the checklist, ticked once it is done (the tick is also said in words). */
const step = (done: boolean, title: string) =>
  html`<strong
    >${done ? html`<span class="tick" aria-hidden="true">✓ </span>` : ''}${title}${
      done ? html`<span class="done-text"> (done)</span>` : ''
    }</strong
  >`;

interface State {
  message: Message;
  hasKey: boolean;
  tested: boolean;
  backTo: ListPlace | null;
}

interface Actions {
  insertExample(): void;
  insertTemplate(kind: 'prospects' | 'monitor'): void;
  openPanel(p: Panel): void;
  backed(message: Message): void;
}

/** Public scores first, no key needed: the example sheet and the two templates. */
const tryPublic = (act: Actions) =>
  html`<li>
    <strong>Try the public scores now</strong>, no key needed: insert an example sheet of ten
    well-known brands with their scores, or type <code>=VIS_SCORE(A2:A20)</code> beside a column of
    websites.
    <div class="row">
      <button id="insert-example" class="primary" @click=${act.insertExample}>
        Insert example
      </button>
      <button id="template-prospects" @click=${() => act.insertTemplate('prospects')}>
        Insert prospect list template
      </button>
      <button id="template-monitor" @click=${() => act.insertTemplate('monitor')}>
        Insert brand monitor template
      </button>
    </div>
  </li>`;

const view = (s: State, act: Actions) =>
  html`<h2>Get started</h2>
    <ol class="checklist">
      ${tryPublic(act)}
      <li class=${s.hasKey ? 'done' : ''}>
        ${step(s.hasKey, 'Add your API key')} for previews and scans: find it in your account on the
        visibility service (Settings → API), then paste it in the Settings tab.
        <div class="row">
          <button id="go-settings" @click=${() => act.openPanel('settings')}>Open Settings</button>
        </div>
      </li>
      <li class=${s.tested ? 'done' : ''}>
        ${step(s.tested, 'Test the connection')} in Settings: it checks the service answers and
        accepts your key.
      </li>
    </ol>
    ${messageLine('start-message', s.message)}
    ${backToList('back-from-example', s.backTo, act.backed)}`;

export function startTab(host: HTMLElement, openPanel: (p: Panel) => void) {
  const show = (message: Message) => tab.set({ message });
  const act: Actions = {
    insertExample: async () => {
      const r = await attempt(
        show,
        () => call('insertExample'),
        reportMessage,
        'Inserting the example and fetching its scores…',
      );
      // The example is now the active sheet: offer the way back to the list the person was on.
      if (r) tab.set({ backTo: r.backTo });
    },
    insertTemplate: (kind) => void attempt(show, () => call('insertTemplate', kind), reportMessage),
    openPanel,
    backed: (message) => tab.set({ backTo: null, message }),
  };
  const tab = mount<State>(
    host,
    { message: NO_MESSAGE, hasKey: false, tested: false, backTo: null },
    (s) => view(s, act),
  );
  return {
    /** What Settings knows: a key saved, a connection tested this session. */
    progress: (done: { hasKey?: boolean; tested?: boolean }) => tab.set(done),
  };
}
