/** One schedule of the Schedules tab's list: what it does, and what this person may do with it. */
import { html, type TemplateResult } from 'lit-html';
import type { Schedule, ScheduleView } from '../../contract/schedules';

export interface ItemActions {
  edit(s: ScheduleView): void;
  save(s: Schedule): void;
  remove(id: string): void;
  /** The schedule whose "Take over" waits for its confirmation, or null. */
  confirming: string | null;
  confirm(id: string | null): void;
  takeOver(id: string): void;
}

/** The owner's own buttons: edit, pause or resume, delete. */
const ownButtons = (s: ScheduleView, name: string, a: ItemActions): TemplateResult => {
  const toggle = s.paused ? 'Resume' : 'Pause';
  return html`<div class="row">
    <button type="button" aria-label=${`Edit the schedule for ${name}`} @click=${() => a.edit(s)}>
      Edit
    </button>
    <button
      type="button"
      aria-label=${`${toggle} the schedule for ${name}`}
      @click=${() => a.save({ ...s, paused: !s.paused })}
    >
      ${toggle}
    </button>
    <button
      type="button"
      aria-label=${`Delete the schedule for ${name}`}
      @click=${() => a.remove(s.id)}
    >
      Delete
    </button>
  </div>`;
};

export function scheduleItem(s: ScheduleView, said: string, a: ItemActions): TemplateResult {
  const name = s.action === 'refreshScanMonitor' ? 'scan monitor' : s.sheetName;
  const deck = s.deckUrl
    ? html`<p><a href=${s.deckUrl} target="_blank" rel="noopener">Open the report deck</a></p>`
    : '';
  const buttons = s.mine ? ownButtons(s, name, a) : s.mayTakeOver ? takeOver(s, name, a) : '';
  return html`<li>
    <p>${said}</p>
    ${deck} ${buttons}
  </li>`;
}

/** A schedule whose owner's runs went silent: take it over, after saying what that means. */
const takeOver = (s: ScheduleView, name: string, a: ItemActions): TemplateResult =>
  a.confirming === s.id
    ? html`<p class="notice" role="status">
          ${s.owner}'s runs of it stopped. Taken over, it runs as you, with your key, and its
          e-mails go from your account.
        </p>
        <div class="row">
          <button type="button" class="primary" @click=${() => a.takeOver(s.id)}>
            Take it over
          </button>
          <button type="button" @click=${() => a.confirm(null)}>Cancel</button>
        </div>`
    : html`<div class="row">
        <button
          type="button"
          aria-label=${`Take over the schedule for ${name}`}
          @click=${() => a.confirm(s.id)}
        >
          Take over
        </button>
      </div>`;
