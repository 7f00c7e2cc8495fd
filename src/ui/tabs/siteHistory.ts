/** The Scores tab's history of the selected site: its readings in `Score history` as a line. */
import { html } from 'lit-html';
import { mount } from '../component';
import type { SiteHistory } from '../../contract/scores';
import { call, errorText } from '../rpc';
import { isoDay as day } from '../words';

interface State {
  text: string;
  points: string | null;
}

const view = (s: State) =>
  html`<h3>History of the selected site</h3>
    <p id="site-history-text" class="muted">${s.text}</p>
    <svg
      id="site-history"
      class="spark"
      viewBox="0 0 260 60"
      role="img"
      aria-labelledby="site-history-text"
      ?hidden=${s.points === null}
    >
      <polyline
        id="site-history-line"
        fill="none"
        stroke="#1a73e8"
        stroke-width="2"
        points=${s.points ?? ''}
      />
    </svg>`;

/** The site's readings as a sentence and a line of points (oldest left, 0-100 bottom to top). */
function shown(h: SiteHistory): State {
  if (!h.site || h.points.length === 0)
    return {
      points: null,
      text: h.site
        ? `${h.site}: no readings in the "Score history" sheet yet: press Score to take the first.`
        : 'Select a row of a scored list.',
    };
  const first = h.points[0]!;
  const last = h.points[h.points.length - 1]!;
  const step = h.points.length > 1 ? 250 / (h.points.length - 1) : 0;
  return {
    text:
      h.points.length === 1
        ? `${h.site}: ${first.score} on ${day(first.at)}, the only reading so far (each Score run that finds a new scan adds one).`
        : `${h.site}: ${first.score} → ${last.score} over ${h.points.length} readings (${day(first.at)} to ${day(last.at)}).`,
    points: h.points
      .map((p, i) => `${(5 + i * step).toFixed(1)},${(55 - p.score / 2).toFixed(1)}`)
      .join(' '),
  };
}

export function siteHistoryBlock(host: HTMLElement) {
  const block = mount<State>(host, { text: 'Select a row of a scored list.', points: null }, view);
  async function load(): Promise<void> {
    try {
      block.set(shown(await call('getSiteHistory')));
    } catch (e) {
      block.set({ text: errorText(e) });
    }
  }
  return { load };
}
