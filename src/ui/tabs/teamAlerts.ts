/** Settings' team alerts: the Slack or Google Chat webhook schedules post to, kept like the key. */
import { html } from 'lit-html';
import type { SettingsView } from '../../contract/settings';
import { foldable, messageLine, mount, NO_MESSAGE, secretField, type Message } from '../component';
import type { SaveChange } from './settingsSave';

interface State {
  saved: string;
  notice: string;
  draft: string;
  message: Message;
}

const stateText = (saved: string) =>
  saved
    ? `Saved: ${saved}. Schedules that ask for it post their alerts there.`
    : 'Schedules can also post their alerts to a Slack channel or a Google Chat space: paste its incoming webhook.';

interface Actions {
  draft(text: string): void;
  save(draft: string): void;
}

function view(s: State, act: Actions) {
  return foldable(
    'team-alerts-fold',
    'Team alerts',
    html`<p id="webhook-notice" class="warning" ?hidden=${!s.notice}>${s.notice}</p>
      <label for="webhook">Slack or Google Chat webhook</label>
      ${secretField('webhook', s.saved || 'https://hooks.slack.com/services/…', s.draft, act.draft)}
      <p id="webhook-state" class="muted">${stateText(s.saved)}</p>
      <div class="row">
        <button id="save-webhook" @click=${() => act.save(s.draft)}>Save webhook</button>
        <button id="remove-webhook" ?disabled=${!s.saved} @click=${() => act.save('')}>
          Remove webhook
        </button>
      </div>
      ${messageLine('webhook-message', s.message)}
      <p class="hint">
        Anyone who has a webhook can post to its channel: it is kept like your key, never in the
        spreadsheet, and a test message is posted when you save it.
      </p>`,
    !!s.notice,
  );
}

export function teamAlertsBlock(host: HTMLElement, saveChange: SaveChange) {
  const act: Actions = {
    draft: (draft) => block.set({ draft }),
    save: (draft) => {
      const webhook = draft.trim();
      if (!webhook && !block.state.saved) return;
      void saveChange({ webhook }, webhook ? 'Webhook saved.' : 'Webhook removed.', (message) =>
        block.set({ message }),
      );
    },
  };
  const block = mount<State>(host, { saved: '', notice: '', draft: '', message: NO_MESSAGE }, (s) =>
    view(s, act),
  );
  return {
    show: (v: SettingsView) =>
      block.set({ saved: v.webhook ?? '', notice: v.webhookNotice ?? '', draft: '' }),
  };
}
