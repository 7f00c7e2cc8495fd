/**
 * Settings: the key (shown masked, never sent back to the page), the service address and what
 * formulas may do; team alerts (teamAlerts.ts) and branding (branding.ts) are blocks of their own.
 */
import { html } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import type { SettingsView } from '../../contract/settings';
import {
  attempt,
  checkbox,
  fieldValue,
  foldable,
  mount,
  messageLine,
  NO_MESSAGE,
  reportMessage,
  say,
  secretField,
  type Component,
  type Message,
} from '../component';
import { call, errorText } from '../rpc';
import { brandingBlock } from './branding';
import { saveChangeWith, type SaveChange } from './settingsSave';
import { teamAlertsBlock } from './teamAlerts';

interface State {
  view: SettingsView | null;
  keyDraft: string;
  baseUrl: string;
  allowFormulas: boolean;
  workspace: boolean;
  message: Message;
}

type Tab = Component<State>;

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

const keyState = (v: SettingsView | null) =>
  v?.hasKey
    ? `Saved key: ${v.maskedKey}`
    : 'No key saved yet: formulas for public scores work without one.';

/** The key, the service address and what formulas may do. */
function accountFields(s: State, set: (change: Partial<State>) => void) {
  const v = s.view;
  const refused = v?.formulaKeyRefused ?? null;
  return html`<label for="api-key">API key</label>
    ${secretField('api-key', v?.maskedKey ?? 'Paste your API key', s.keyDraft, (keyDraft) =>
      set({ keyDraft }),
    )}
    <p id="key-state" class="muted">${keyState(v)}</p>
    ${foldable(
      'service-fold',
      'Service address',
      html`<label for="base-url">Change it only if your administrator names another</label>
        <input
          id="base-url"
          type="url"
          spellcheck="false"
          .value=${live(s.baseUrl)}
          @input=${(e: Event) => set({ baseUrl: fieldValue(e) })}
        />`,
    )}
    ${checkbox(
      'allow-formulas',
      s.allowFormulas,
      (on) => set({ allowFormulas: on }),
      'Allow formulas in this spreadsheet to use my key (for VIS_SCAN and VIS_PREVIEW)',
      refused !== null,
    )}
    <p id="allow-formulas-note" class="hint" ?hidden=${refused === null}>${refused ?? ''}</p>
    ${checkbox(
      'workspace-account',
      s.workspace,
      (on) => set({ workspace: on }),
      'My Google account is on Google Workspace (a work or school account: Google allows 100,000 requests a day instead of 20,000)',
    )}`;
}

interface Actions {
  set(change: Partial<State>): void;
  save(): void;
  removeKey(): void;
  test(): void;
}

function view(s: State, act: Actions) {
  return html`<h2>Settings</h2>
    <p id="account-notice" class="warning" ?hidden=${!s.view?.accountNotice}>
      ${s.view?.accountNotice ?? ''}
    </p>
    ${permissionsBlock(s.view)} ${accountFields(s, act.set)}
    <div class="row">
      <button id="save-settings" class="primary" @click=${act.save}>Save</button>
      <button id="remove-key" ?disabled=${!s.view?.hasKey} @click=${act.removeKey}>
        Remove key
      </button>
      <button id="test-connection" @click=${act.test}>Test connection</button>
    </div>
    ${messageLine('settings-message', s.message)}
    <p class="hint">
      Your key is kept in your own Google account's settings for this add-on, never in the
      spreadsheet.
    </p>
    <div id="team-alerts-host"></div>
    <div id="branding-host"></div>`;
}

const INITIAL: State = {
  view: null,
  keyDraft: '',
  baseUrl: '',
  allowFormulas: false,
  workspace: false,
  message: NO_MESSAGE,
};

/** Save: the key typed (if any), the address and the two choices. */
function save(tab: Tab, saveChange: SaveChange): Promise<void> {
  const key = tab.state.keyDraft.trim();
  const change = {
    ...(key ? { apiKey: key } : {}),
    baseUrl: tab.state.baseUrl.trim(),
    allowFormulasToUseKey: tab.state.allowFormulas,
    workspaceAccount: tab.state.workspace,
  };
  return saveChange(change, 'Saved.', (message) => tab.set({ message }));
}

/** Test connection tests the saved key: one typed and not saved would go untested, unsaid. */
function test(tab: Tab, onTested: (ok: boolean, keyRefused: boolean) => void) {
  if (tab.state.keyDraft.trim())
    return tab.set({
      message: say('Press Save first: Test connection tests the key you saved.', 'error'),
    });
  return attempt(
    (message) => tab.set({ message }),
    async () => {
      const report = await call('testConnection');
      onTested(report.ok, report.keyAccepted === false);
      return report;
    },
    reportMessage,
    'Testing…',
  );
}

export function settingsTab(
  host: HTMLElement,
  hooks: {
    onSettings: (s: SettingsView) => void;
    onTested: (ok: boolean, keyRefused: boolean) => void;
  },
) {
  // The view only calls these once the tab is mounted (on events): `tab` is set by then.
  const act: Actions = {
    set: (change) => tab.set(change),
    save: () => void save(tab, saveChange),
    removeKey: () =>
      void saveChange({ apiKey: '' }, 'Key removed.', (message) => tab.set({ message })),
    test: () => void test(tab, hooks.onTested),
  };
  const tab: Tab = mount<State>(host, INITIAL, (s) => view(s, act));
  const teamAlerts = teamAlertsBlock(
    host.querySelector<HTMLElement>('#team-alerts-host')!,
    (...a) => saveChange(...a),
  );
  const branding = brandingBlock(host.querySelector<HTMLElement>('#branding-host')!, (...a) =>
    saveChange(...a),
  );
  /** New settings from the server: every block shows them, the key field empties. */
  const show = (v: SettingsView): void => {
    tab.set({ view: v, keyDraft: '', baseUrl: v.baseUrl });
    tab.set({ allowFormulas: v.allowFormulasToUseKey, workspace: v.workspaceAccount });
    teamAlerts.show(v);
    branding.show(v);
    hooks.onSettings(v);
  };
  const saveChange = saveChangeWith(show);
  return {
    /** Reads the settings again (after a refusal that may have changed the account notice). */
    load: () => load(tab, show),
  };
}

async function load(tab: Tab, show: (v: SettingsView) => void): Promise<SettingsView | null> {
  try {
    const v = await call('getSettings');
    show(v);
    return v;
  } catch (e) {
    tab.set({ message: say(errorText(e), 'error') });
    return null;
  }
}
