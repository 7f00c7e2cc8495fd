/** Start: the first-run checklist (public scores without a key, then the key, then a test). */
import { html } from 'lit-html';
import type { Panel } from '../../contract/sidebar';
import { attempt, mount, messageLine, NO_MESSAGE, reportMessage, type Message } from '../component';
import { call } from '../rpc';

export function startTab(host: HTMLElement, openPanel: (p: Panel) => void) {
  const tab = mount<{ message: Message }>(
    host,
    { message: NO_MESSAGE },
    (s) =>
      html`<h2>Get started</h2>
        <ol class="checklist">
          <li>
            <strong>Try the public scores now</strong>, no key needed: insert an example sheet of
            ten well-known brands with their scores, or type <code>=VIS_SCORE(A2:A20)</code> beside
            a column of websites.
            <div class="row">
              <button id="insert-example" class="primary" @click=${() => void insertExample()}>
                Insert example
              </button>
              <button id="template-prospects" @click=${() => void insertTemplate('prospects')}>
                Insert prospect list template
              </button>
              <button id="template-monitor" @click=${() => void insertTemplate('monitor')}>
                Insert brand monitor template
              </button>
            </div>
          </li>
          <li>
            <strong>Add your API key</strong> for previews and scans: find it in your account on the
            visibility service (Settings → API), then paste it in the Settings tab.
            <div class="row">
              <button id="go-settings" @click=${() => openPanel('settings')}>Open Settings</button>
            </div>
          </li>
          <li>
            <strong>Test the connection</strong> in Settings: it checks the service answers and
            accepts your key.
          </li>
        </ol>
        ${messageLine('start-message', s.message)}`,
  );

  const show = (message: Message) => tab.set({ message });
  const insertExample = () =>
    attempt(
      show,
      () => call('insertExample'),
      reportMessage,
      'Inserting the example and fetching its scores…',
    );
  const insertTemplate = (kind: 'prospects' | 'monitor') =>
    attempt(show, () => call('insertTemplate', kind), reportMessage);
}
