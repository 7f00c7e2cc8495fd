/** Outreach's "After you write": prospects marked contacted, and the follow-ups whose score moved. */
import { html } from 'lit-html';
import { DEFAULTS } from '../../contract/defaults';
import {
  attempt,
  messageLine,
  mount,
  NO_MESSAGE,
  numberField,
  reportMessage,
  type Message,
} from '../component';
import { call } from '../rpc';

interface State {
  minChange: number;
  /** What the follow-up buttons answer, at the foot of the tab beside them. */
  message: Message;
}

interface Actions {
  marked(): void;
  followUps(): void;
  minChange(n: number): void;
}

const view = (s: State, act: Actions) =>
  html`<h3>After you write</h3>
    <div class="row">
      <button id="mark-contacted" type="button" @click=${act.marked}>
        Mark selected rows contacted
      </button>
    </div>
    ${numberField(
      'follow-up-min',
      'Smallest score change worth a follow-up',
      s.minChange,
      act.minChange,
      [0, 100],
    )}
    <div class="row">
      <button id="refresh-follow-ups" type="button" @click=${act.followUps}>
        Refresh follow-ups
      </button>
    </div>
    ${messageLine('outreach-message', s.message)}`;

export function afterWritingBlock(host: HTMLElement) {
  const show = (message: Message) => block.set({ message });
  const act: Actions = {
    marked: () => void attempt(show, () => call('markContacted'), reportMessage, 'Marking…'),
    followUps: () => {
      const minChange = block.state.minChange;
      void attempt(
        show,
        () => call('refreshFollowUps', { minChange }),
        reportMessage,
        'Looking through every list…',
      );
    },
    minChange: (minChange) => block.set({ minChange }),
  };
  const block = mount<State>(host, { minChange: DEFAULTS.minChange, message: NO_MESSAGE }, (s) =>
    view(s, act),
  );
  return {
    /** The smallest change the person last chose, as the server keeps it. */
    show: (minChange: number) => block.set({ minChange }),
    say: show,
  };
}
