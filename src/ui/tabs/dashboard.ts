/**
 * The Scores tab's "Open in Looker Studio" (docs/looker-studio.md), or what it lacks, and the
 * tidy export other tools read (`Score readings`).
 */
import { html } from 'lit-html';
import type { DashboardLink } from '../../contract/scores';
import { foldable, mount } from '../component';
import { call, errorText } from '../rpc';

interface State {
  link: DashboardLink | null;
  exporting: boolean;
  exported: string;
}

/** Tidy readings for a person's own tools: the button and what its last press did. */
const exportView = (exporting: boolean, exported: string, press: () => void) =>
  html`<p class="hint">
      One score per row (overall and each engine) for pivot tables, BigQuery or Looker Studio:
    </p>
    <button id="export-readings" ?disabled=${exporting} @click=${press}>
      ${exporting ? 'Exporting…' : 'Export tidy readings'}
    </button>
    <p id="export-readings-result" class="muted" role="status">${exported}</p>`;

const linkView = (link: DashboardLink) =>
  'url' in link
    ? html`<p class="hint">
        Score history by brand and engine, competitors side by side, in a Looker Studio report of
        your own (it reads this spreadsheet; nothing is sent elsewhere).
        <a id="open-dashboard" href=${link.url} target="_blank" rel="noopener"
          >Open in Looker Studio</a
        >
      </p>`
    : html`<p id="dashboard-missing" class="hint">${link.missing}</p>`;

export function dashboardBlock(host: HTMLElement) {
  const block = mount<State>(
    host,
    { link: null, exporting: false, exported: '' },
    ({ link, exporting, exported }) => {
      if (!link) return html``;
      return foldable(
        'dashboard-fold',
        'Dashboard',
        html`${linkView(link)} ${exportView(exporting, exported, () => void exportReadings())}`,
      );
    },
  );

  async function exportReadings(): Promise<void> {
    block.set({ exporting: true, exported: '' });
    try {
      const r = await call('exportReadings');
      block.set({ exporting: false, exported: r.message });
      void load();
    } catch (e) {
      block.set({ exporting: false, exported: errorText(e) });
    }
  }

  /** Read with the list's plan: the list in view and whether Score history exists change together. */
  const load = (): Promise<void> =>
    call('getDashboardLink').then(
      (link) => block.set({ link }),
      () => block.set({ link: null }),
    );

  return { load };
}
