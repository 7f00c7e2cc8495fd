/** The Scores tab's "Open in Looker Studio" (docs/looker-studio.md), or what it lacks. */
import { html } from 'lit-html';
import type { DashboardLink } from '../../contract/scores';
import { mount } from '../component';
import { call } from '../rpc';

export function dashboardBlock(host: HTMLElement) {
  const block = mount<{ link: DashboardLink | null }>(host, { link: null }, ({ link }) => {
    if (!link) return html``;
    return html`<h3>Dashboard</h3>
      ${
        'url' in link
          ? html`<p class="hint">
              Score history by brand and engine, competitors side by side, in a Looker Studio report
              of your own (it reads this spreadsheet; nothing is sent elsewhere).
              <a id="open-dashboard" href=${link.url} target="_blank" rel="noopener"
                >Open in Looker Studio</a
              >
            </p>`
          : html`<p id="dashboard-missing" class="hint">${link.missing}</p>`
      }`;
  });

  /** Read with the list's plan: the list in view and whether Score history exists change together. */
  const load = (): Promise<void> =>
    call('getDashboardLink').then(
      (link) => block.set({ link }),
      () => block.set({ link: null }),
    );

  return { load };
}
