/** The Scores tab's report deck: a Google Slides deck of a brand and its competitors. */
import { html } from 'lit-html';
import { REPORT_PERIODS } from '../../contract/reports';
import {
  attempt,
  checkbox,
  fieldValue,
  messageLine,
  mount,
  NO_MESSAGE,
  reportMessage,
  type Message,
} from '../component';
import { call } from '../rpc';

interface State {
  weeks: number;
  /** Make report may ask the service for its words on the brand's score (one request). */
  fresh: boolean;
  message: Message;
  url: string | null;
}

function view(s: State, set: (change: Partial<State>) => void, report: () => void) {
  return html`<h3>Report deck</h3>
    <p class="hint">
      Select a brand's row with its competitors' rows below it: a Slides deck is made in your Drive
      from the list and its "Score history", with your branding.
    </p>
    <label for="report-weeks">Period</label>
    <select id="report-weeks" @change=${(e: Event) => set({ weeks: Number(fieldValue(e)) })}>
      ${REPORT_PERIODS.map(
        (w) => html`<option value=${w} ?selected=${s.weeks === w}>Last ${w} weeks</option>`,
      )}
    </select>
    ${checkbox(
      'report-fresh',
      s.fresh,
      (on) => set({ fresh: on }),
      "Quote the service's words on its score (a request, unless scored in 6 hours)",
    )}
    <div class="row">
      <button id="make-report" @click=${report}>Make report</button>
    </div>
    ${messageLine('report-message', s.message)}
    <a id="report-link" href=${s.url ?? '#'} target="_blank" rel="noopener" ?hidden=${!s.url}
      >Open the deck</a
    >`;
}

export function reportDeckBlock(host: HTMLElement) {
  const set = (change: Partial<State>) => block.set(change);
  const report = () =>
    void attempt(
      (message) => block.set({ message }),
      async () => {
        block.set({ url: null });
        const r = await call('makeReport', { weeks: block.state.weeks, fresh: block.state.fresh });
        block.set({ url: r.url });
        return r;
      },
      reportMessage,
      'Making the deck…',
    );
  const block = mount<State>(
    host,
    { weeks: REPORT_PERIODS[0], fresh: false, message: NO_MESSAGE, url: null },
    (s) => view(s, set, report),
  );
}
