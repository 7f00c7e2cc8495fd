/** The Scores tab's history of the selected site: its readings in `Score history` as a line. */
import { html } from 'lit-html';
import { mount } from '../component';
import { call, errorText } from '../rpc';

interface State {
  text: string;
  points: string | null;
}

const day = (iso: string) => new Date(iso).toLocaleDateString();

export function siteHistoryBlock(host: HTMLElement) {
  const block = mount<State>(
    host,
    { text: 'Select a row of a scored list.', points: null },
    (s) =>
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
        </svg>`,
  );

  async function load(): Promise<void> {
    try {
      const h = await call('getSiteHistory');
      if (!h.site || h.points.length === 0) {
        block.set({
          points: null,
          text: h.site
            ? `${h.site}: no readings in the "Score history" sheet yet: press Score to take the first.`
            : 'Select a row of a scored list.',
        });
        return;
      }
      const first = h.points[0]!;
      const last = h.points[h.points.length - 1]!;
      const step = h.points.length > 1 ? 250 / (h.points.length - 1) : 0;
      block.set({
        text:
          h.points.length === 1
            ? `${h.site}: ${first.score} on ${day(first.at)}, the only reading so far (each Score run that finds a new scan adds one).`
            : `${h.site}: ${first.score} → ${last.score} over ${h.points.length} readings (${day(first.at)} to ${day(last.at)}).`,
        points: h.points
          .map((p, i) => `${(5 + i * step).toFixed(1)},${(55 - p.score / 2).toFixed(1)}`)
          .join(' '),
      });
    } catch (e) {
      block.set({ text: errorText(e) });
    }
  }

  return { load };
}
