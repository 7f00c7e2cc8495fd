/** Settings: the key (shown masked, never sent back to the page), the service address, formulas. */
import { PRODUCT_NAME } from '../../contract/product';
import { html } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import type { SettingsChange, SettingsView } from '../../contract/settings';
import type { Branding } from '../../contract/reports';
import {
  attempt,
  checkbox,
  fieldValue,
  mount,
  messageLine,
  NO_MESSAGE,
  reportMessage,
  say,
  secretField,
  type Message,
} from '../component';
import { call, errorText } from '../rpc';

interface State {
  view: SettingsView | null;
  keyDraft: string;
  baseUrl: string;
  allowFormulas: boolean;
  workspace: boolean;
  webhookDraft: string;
  branding: Branding;
  message: Message;
  /** Branding's own answer, shown beside its button at the foot of the tab. */
  brandingMessage: Message;
}

/** What waits for a permission left unticked on Google's consent screen, and its link. */
function permissionsBlock(v: SettingsView | null) {
  const missing = v?.permissions.missing ?? [];
  if (missing.length === 0) return '';
  return html`<div id="permissions" class="warning" role="status">
    <p>Not granted on Google's consent screen:</p>
    <ul>
      ${missing.map((m) => html`<li>${m}.</li>`)}
    </ul>
    ${
      v?.permissions.grantUrl
        ? html`<a id="grant-access" href=${v.permissions.grantUrl} target="_blank" rel="noopener"
            >Grant access</a
          >`
        : ''
    }
    <p class="hint">The rest of the add-on works meanwhile. Reopen the sidebar after granting.</p>
  </div>`;
}

const NO_BRANDING: Branding = { agency: '', accent: '#1a73e8', logoUrl: '', credit: false };

export function settingsTab(
  host: HTMLElement,
  hooks: {
    onSettings: (s: SettingsView) => void;
    onTested: (ok: boolean, keyRefused: boolean) => void;
  },
) {
  const tab = mount<State>(
    host,
    {
      view: null,
      keyDraft: '',
      baseUrl: '',
      allowFormulas: false,
      workspace: false,
      webhookDraft: '',
      branding: NO_BRANDING,
      message: NO_MESSAGE,
      brandingMessage: NO_MESSAGE,
    },
    (s) => {
      const v = s.view;
      const refused = v?.formulaKeyRefused ?? null;
      return html`<h2>Settings</h2>
        <p id="account-notice" class="warning" ?hidden=${!v?.accountNotice}>
          ${v?.accountNotice ?? ''}
        </p>
        ${permissionsBlock(v)}
        <label for="api-key">API key</label>
        ${secretField('api-key', v?.maskedKey ?? 'Paste your API key', s.keyDraft, (keyDraft) =>
          tab.set({ keyDraft }),
        )}
        <p id="key-state" class="muted">
          ${
            v?.hasKey
              ? `Saved key: ${v.maskedKey}`
              : 'No key saved yet: formulas for public scores work without one.'
          }
        </p>
        <label for="base-url">Service address</label>
        <input
          id="base-url"
          type="url"
          spellcheck="false"
          .value=${live(s.baseUrl)}
          @input=${(e: Event) => tab.set({ baseUrl: fieldValue(e) })}
        />
        ${checkbox(
          'allow-formulas',
          s.allowFormulas,
          (on) => tab.set({ allowFormulas: on }),
          'Allow formulas in this spreadsheet to use my key (for VIS_SCAN and VIS_PREVIEW)',
          refused !== null,
        )}
        <p id="allow-formulas-note" class="hint" ?hidden=${refused === null}>${refused ?? ''}</p>
        ${checkbox(
          'workspace-account',
          s.workspace,
          (on) => tab.set({ workspace: on }),
          'My Google account is on Google Workspace (a work or school account: Google allows 100,000 requests a day instead of 20,000)',
        )}
        <div class="row">
          <button id="save-settings" class="primary" @click=${() => void save()}>Save</button>
          <button id="remove-key" ?disabled=${!v?.hasKey} @click=${() => void removeKey()}>
            Remove key
          </button>
          <button id="test-connection" @click=${() => void test()}>Test connection</button>
        </div>
        ${messageLine('settings-message', s.message)}
        <p class="hint">
          Your key is kept in your own Google account's settings for this add-on, never in the
          spreadsheet.
        </p>
        <h3>Team alerts</h3>
        <p id="webhook-notice" class="warning" ?hidden=${!v?.webhookNotice}>
          ${v?.webhookNotice ?? ''}
        </p>
        <label for="webhook">Slack or Google Chat webhook</label>
        ${secretField(
          'webhook',
          v?.webhook ?? 'https://hooks.slack.com/services/…',
          s.webhookDraft,
          (webhookDraft) => tab.set({ webhookDraft }),
        )}
        <p id="webhook-state" class="muted">
          ${
            v?.webhook
              ? `Saved: ${v.webhook}. Schedules that ask for it post their alerts there.`
              : 'Schedules can also post their alerts to a Slack channel or a Google Chat space: paste its incoming webhook.'
          }
        </p>
        <div class="row">
          <button id="save-webhook" @click=${() => void saveWebhook(tab.state.webhookDraft)}>
            Save webhook
          </button>
          <button id="remove-webhook" ?disabled=${!v?.webhook} @click=${() => void saveWebhook('')}>
            Remove webhook
          </button>
        </div>
        <p class="hint">
          Anyone who has a webhook can post to its channel: it is kept like your key, never in the
          spreadsheet, and a test message is posted when you save it.
        </p>
        <h3>Branding</h3>
        <p class="muted">What the cover of a report deck carries (Scores tab, Make report).</p>
        <label for="brand-agency">Agency name</label>
        <input
          id="brand-agency"
          type="text"
          maxlength="80"
          .value=${live(s.branding.agency)}
          @input=${(e: Event) => brand({ agency: fieldValue(e) })}
        />
        <label for="brand-accent">Accent colour</label>
        <input
          id="brand-accent"
          type="color"
          .value=${live(s.branding.accent)}
          @input=${(e: Event) => brand({ accent: fieldValue(e) })}
        />
        <label for="brand-logo">Logo address (a public https:// image, optional)</label>
        <input
          id="brand-logo"
          type="url"
          spellcheck="false"
          .value=${live(s.branding.logoUrl)}
          @input=${(e: Event) => brand({ logoUrl: fieldValue(e) })}
        />
        ${checkbox(
          'brand-credit',
          s.branding.credit,
          (on) => brand({ credit: on }),
          `Say on the cover that ${PRODUCT_NAME} made the deck`,
        )}
        <div class="row">
          <button id="save-branding" @click=${() => void saveBranding()}>Save branding</button>
        </div>
        ${messageLine('branding-message', s.brandingMessage)}`;
    },
  );

  /** New settings from the server: the form shows them, the key field empties. */
  function show(view: SettingsView, message: Message = tab.state.message): void {
    tab.set({
      view,
      keyDraft: '',
      baseUrl: view.baseUrl,
      allowFormulas: view.allowFormulasToUseKey,
      workspace: view.workspaceAccount,
      webhookDraft: '',
      branding: view.branding,
      message,
    });
    hooks.onSettings(view);
  }

  /**
   * One change saved: the form shows what the server kept, and the answer goes beside the button
   * pressed (`where`), or why it was refused.
   */
  async function saveChange(
    change: SettingsChange,
    done: string,
    where: 'message' | 'brandingMessage' = 'message',
  ): Promise<void> {
    try {
      const s = await call('saveSettings', change);
      show(s);
      tab.set({ [where]: s.refused ? say(s.refused, 'error') : say(done, 'ok') });
    } catch (e) {
      tab.set({ [where]: say(errorText(e), 'error') });
    }
  }

  function save(): Promise<void> {
    const key = tab.state.keyDraft.trim();
    return saveChange(
      {
        ...(key ? { apiKey: key } : {}),
        baseUrl: tab.state.baseUrl.trim(),
        allowFormulasToUseKey: tab.state.allowFormulas,
        workspaceAccount: tab.state.workspace,
      },
      'Saved.',
    );
  }

  async function saveWebhook(draft: string): Promise<void> {
    const webhook = draft.trim();
    if (!webhook && !tab.state.view?.webhook) return;
    await saveChange({ webhook }, webhook ? 'Webhook saved.' : 'Webhook removed.');
  }

  const brand = (change: Partial<Branding>) =>
    tab.set({ branding: { ...tab.state.branding, ...change } });
  const saveBranding = () =>
    saveChange({ branding: tab.state.branding }, 'Branding saved.', 'brandingMessage');
  const removeKey = () => saveChange({ apiKey: '' }, 'Key removed.');

  const test = () =>
    // Test connection tests the saved key: one typed and not saved would go untested, unsaid.
    tab.state.keyDraft.trim()
      ? tab.set({
          message: say('Press Save first: Test connection tests the key you saved.', 'error'),
        })
      : testSaved();

  const testSaved = () =>
    attempt(
      (message) => tab.set({ message }),
      async () => {
        const report = await call('testConnection');
        hooks.onTested(report.ok, report.keyAccepted === false);
        return report;
      },
      reportMessage,
      'Testing…',
    );

  return {
    /** Reads the settings again (after a refusal that may have changed the account notice). */
    async load(): Promise<SettingsView | null> {
      try {
        const view = await call('getSettings');
        show(view);
        return view;
      } catch (e) {
        tab.set({ message: say(errorText(e), 'error') });
        return null;
      }
    },
  };
}
