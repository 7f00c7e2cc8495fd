/**
 * The Previews tab's previews nobody completes (a teammate gone silent for 7 days, or IDs the
 * person's key does not know), each group with "Make them again with my key" behind a
 * confirmation that says what it spends; and IDs nobody's record knows, which no poll asks about,
 * with "Adopt these IDs" behind one that says what asking costs.
 */
import { html } from 'lit-html';
import { strandedWords, type PollReport } from '../../contract/previews';
import { counted } from '../words';

type Group = PollReport['stranded'][number];

const keyOf = (g: Group) => `${g.sheet}\n${g.by}`;

type Act = { confirm(key: string | null): void; remake(g: Group): void; adopt(): void };

/** The confirmation key of "Adopt these IDs" (a group's key always holds a line break). */
export const ADOPT = 'adopt';

/** Pressed once: what making them again spends, and the confirmation. */
const confirmation = (g: Group, busy: boolean, act: Act) =>
  html`<p class="notice" role="status">
      ${`They are sent again as new previews with your key (${counted(g.count, 'request')} at most; a site already previewed in this list is reused). From then on they are yours: your sidebar and hourly run complete them.`}
    </p>
    <div class="row">
      <button type="button" class="primary" ?disabled=${busy} @click=${() => act.remake(g)}>
        Make them again
      </button>
      <button type="button" @click=${() => act.confirm(null)}>Cancel</button>
    </div>`;

const offer = (g: Group, act: Act) =>
  html`<div class="row">
    <button
      type="button"
      aria-label=${`Make the ${counted(g.count, 'preview')} of ${g.sheet} ${g.by ? `made by ${g.by}` : 'with unknown IDs'} again with my key`}
      @click=${() => act.confirm(keyOf(g))}
    >
      Make them again with my key
    </button>
  </div>`;

export function strandedView(
  groups: Group[],
  confirming: string | null,
  /** A run is sending: no second one starts. */
  busy: boolean,
  act: Act,
) {
  if (!groups.length) return '';
  return html`<h3 id="stranded-title">Previews nobody completes</h3>
    <ul id="stranded" class="stranded" aria-labelledby="stranded-title">
      ${groups.map(
        (g) =>
          html`<li>
            <p>${strandedWords(g)}</p>
            ${confirming === keyOf(g) ? confirmation(g, busy, act) : offer(g, act)}
          </li>`,
      )}
    </ul>`;
}

/**
 * IDs in the lists that no record here knows: no poll asks about them (a pasted column of made-up
 * IDs costs nobody a request), until the person adopts them, having been told the cost.
 */
export function unadoptedView(
  u: PollReport['unadopted'],
  confirming: string | null,
  busy: boolean,
  act: Act,
) {
  if (!u.rows) return '';
  const what = `${counted(u.rows, 'pending row')} ${u.rows === 1 ? 'holds' : 'hold'} ${u.ids === 1 ? 'a preview ID' : `${u.ids.toLocaleString('en-US')} preview IDs`} nobody’s record here knows (typed, pasted, or made before makers were recorded): no poll asks about ${u.ids === 1 ? 'it' : 'them'}.`;
  const cost = `Adopting asks the service about each with your key: ${counted(u.ids, 'request')} at most, once. Those your key made become yours and complete; the others are listed above to make again.`;
  return html`<h3 id="unadopted-title">IDs nobody’s record knows</h3>
    <div id="unadopted" aria-labelledby="unadopted-title">
      <p>${what}</p>
      ${
        confirming === ADOPT
          ? html`<p class="notice" role="status">${cost}</p>
              <div class="row">
                <button type="button" class="primary" ?disabled=${busy} @click=${act.adopt}>
                  Adopt them
                </button>
                <button type="button" @click=${() => act.confirm(null)}>Cancel</button>
              </div>`
          : html`<div class="row">
              <button type="button" @click=${() => act.confirm(ADOPT)}>Adopt these IDs</button>
            </div>`
      }
    </div>`;
}
