/** Settings' branding: what the cover of a report deck carries (Scores tab, Make report). */
import { html } from 'lit-html';
import { live } from 'lit-html/directives/live.js';
import { PRODUCT_NAME } from '../../contract/product';
import type { Branding } from '../../contract/reports';
import type { SettingsView } from '../../contract/settings';
import {
  checkbox,
  fieldValue,
  foldable,
  messageLine,
  mount,
  NO_MESSAGE,
  type Message,
} from '../component';
import type { SaveChange } from './settingsSave';

const NO_BRANDING: Branding = { agency: '', accent: '#1a73e8', logoUrl: '', credit: false };

interface State {
  branding: Branding;
  message: Message;
}

/** The fields, each changing the draft as it is typed. */
const fields = (b: Branding, brand: (change: Partial<Branding>) => void) =>
  html`<label for="brand-agency">Agency name</label>
    <input
      id="brand-agency"
      type="text"
      maxlength="80"
      .value=${live(b.agency)}
      @input=${(e: Event) => brand({ agency: fieldValue(e) })}
    />
    <label for="brand-accent">Accent colour</label>
    <input
      id="brand-accent"
      type="color"
      .value=${live(b.accent)}
      @input=${(e: Event) => brand({ accent: fieldValue(e) })}
    />
    <label for="brand-logo">Logo address (a public https:// image, optional)</label>
    <input
      id="brand-logo"
      type="url"
      spellcheck="false"
      .value=${live(b.logoUrl)}
      @input=${(e: Event) => brand({ logoUrl: fieldValue(e) })}
    />
    ${checkbox(
      'brand-credit',
      b.credit,
      (on) => brand({ credit: on }),
      `Say on the cover that ${PRODUCT_NAME} made the deck`,
    )}`;

export function brandingBlock(host: HTMLElement, saveChange: SaveChange) {
  const brand = (change: Partial<Branding>) =>
    block.set({ branding: { ...block.state.branding, ...change } });
  const save = () =>
    saveChange({ branding: block.state.branding }, 'Branding saved.', (message) =>
      block.set({ message }),
    );
  const block = mount<State>(host, { branding: NO_BRANDING, message: NO_MESSAGE }, (s) =>
    foldable(
      'branding-fold',
      'Branding',
      html`<p class="muted">What the cover of a report deck carries (Scores tab, Make report).</p>
        ${fields(s.branding, brand)}
        <div class="row">
          <button id="save-branding" @click=${() => void save()}>Save branding</button>
        </div>
        ${messageLine('branding-message', s.message)}`,
    ),
  );
  return { show: (v: SettingsView) => block.set({ branding: v.branding }) };
}
