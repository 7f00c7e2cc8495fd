/**
 * ScriptApp's installable triggers: time-driven ones, fired by advancing the runtime clock, and a
 * spreadsheet's form-submit ones, fired by `GasRuntime.submitForm` (a response a form writes).
 */
import { GasError } from './errors';

export type TriggerEvent = 'CLOCK' | 'ON_FORM_SUBMIT';

export interface TriggerRecord {
  id: string;
  user: string;
  event: TriggerEvent;
  /** The document the trigger was created from (null: none was active). */
  document: string | null;
  handler: string;
  /** Time-driven only; a form-submit trigger is never due on the clock (Infinity). */
  intervalMs: number;
  nextRun: number;
  /**
   * The add-on was disabled in the file the trigger was made from (or uninstalled, unpublished):
   * Google keeps the trigger listed, and it never fires again (A3).
   */
  stopped?: true;
}

const PER_USER_LIMIT = 20;
const MINUTE = 60000;

export interface TriggerEnv {
  call(name: string): void;
  allowed(what: string): void;
  user(): string;
  document(): string | null;
  now(): number;
  /** Published Editor add-ons: at most hourly, one time-driven trigger per user per document. */
  addon: boolean;
}

export class TriggerTable {
  list: TriggerRecord[] = [];
  private nextId = 1;
  /**
   * Where in its interval a trigger fires, in (0, 1]: drawn from its user, handler and number,
   * so a run (and a season's replay) fires at the same times.
   */
  private offset(t: { id: string; user: string; handler: string }): number {
    let x = 0x811c9dc5;
    for (const ch of `${t.user}:${t.handler}:${t.id}`)
      x = Math.imul(x ^ ch.charCodeAt(0), 0x01000193);
    return (((x >>> 0) % 1000) + 1) / 1000;
  }

  service(env: TriggerEnv) {
    const wrap = (t: TriggerRecord) => ({
      getHandlerFunction: () => t.handler,
      getUniqueId: () => t.id,
      getEventType: () => t.event,
      getTriggerSource: () => (t.event === 'CLOCK' ? 'CLOCK' : 'SPREADSHEETS'),
      getTriggerSourceId: () => (t.event === 'CLOCK' ? null : t.document),
    });
    const checkRoom = (event: TriggerEvent, document: string | null) => {
      const mine = this.list.filter((t) => t.user === env.user());
      if (mine.length >= PER_USER_LIMIT) {
        throw new GasError(
          'This script has too many triggers. Triggers must be deleted from the script before more can be added.',
        );
      }
      // An add-on has one trigger of each type per user per document (T1).
      if (env.addon && mine.some((t) => t.event === event && t.document === document)) {
        throw new GasError(
          event === 'CLOCK'
            ? 'This add-on has created too many time-based triggers in this document for this Google user account.'
            : 'This add-on has created too many form-submit triggers in this document for this Google user account.',
        );
      }
    };
    const create = (handler: string, intervalMs: number) => {
      env.call('ClockTriggerBuilder.create');
      env.allowed('ScriptApp.newTrigger');
      if (env.addon && intervalMs < 60 * MINUTE) {
        throw new GasError(
          'Time-driven triggers in add-ons cannot run more frequently than once per hour.',
        );
      }
      checkRoom('CLOCK', env.document());
      const named = { id: String(this.nextId++), user: env.user(), handler };
      const record: TriggerRecord = {
        ...named,
        event: 'CLOCK',
        document: env.document(),
        intervalMs,
        // Apps Script picks when in each interval the trigger fires, and keeps it (A6): the
        // first firing comes anywhere in the first interval, not on the dot of its making.
        nextRun: env.now() + Math.max(MINUTE, Math.round(intervalMs * this.offset(named))),
      };
      this.list.push(record);
      return wrap(record);
    };
    const createFormSubmit = (handler: string, spreadsheetId: string) => {
      env.call('SpreadsheetTriggerBuilder.create');
      env.allowed('ScriptApp.newTrigger');
      // An add-on may watch only the file it is used in (T1).
      if (env.addon && spreadsheetId !== env.document())
        throw new GasError(
          'Add-ons can only create triggers for the file in which the add-on is used.',
        );
      checkRoom('ON_FORM_SUBMIT', spreadsheetId);
      const record: TriggerRecord = {
        id: String(this.nextId++),
        user: env.user(),
        event: 'ON_FORM_SUBMIT',
        document: spreadsheetId,
        handler,
        intervalMs: Infinity,
        nextRun: Infinity,
      };
      this.list.push(record);
      return wrap(record);
    };
    return {
      AuthMode: {
        NONE: 'NONE',
        LIMITED: 'LIMITED',
        FULL: 'FULL',
        CUSTOM_FUNCTION: 'CUSTOM_FUNCTION',
      },
      EventType: { CLOCK: 'CLOCK', ON_OPEN: 'ON_OPEN', ON_FORM_SUBMIT: 'ON_FORM_SUBMIT' },
      TriggerSource: { CLOCK: 'CLOCK', SPREADSHEETS: 'SPREADSHEETS' },
      newTrigger: (handler: string) => {
        env.call('ScriptApp.newTrigger');
        env.allowed('ScriptApp.newTrigger');
        return {
          timeBased: () => {
            let every = 0;
            const builder = {
              everyMinutes: (n: number) => {
                if (![1, 5, 10, 15, 30].includes(n))
                  throw new GasError(
                    'The value passed to everyMinutes must be 1, 5, 10, 15 or 30.',
                  );
                every = n * MINUTE;
                return builder;
              },
              everyHours: (n: number) => {
                // Assumed (T4): Google takes only these, as everyMinutes takes only its five.
                if (![1, 2, 4, 6, 8, 12].includes(n))
                  throw new GasError('The value passed to everyHours must be 1, 2, 4, 6, 8 or 12.');
                every = n * 60 * MINUTE;
                return builder;
              },
              create: () => {
                if (!every) throw new GasError('Please specify how often the trigger runs.');
                return create(handler, every);
              },
            };
            return builder;
          },
          forSpreadsheet: (sheet: string | { getId(): string }) => {
            const id = typeof sheet === 'string' ? sheet : sheet.getId();
            let formSubmit = false;
            const builder = {
              onFormSubmit: () => ((formSubmit = true), builder),
              create: () => {
                if (!formSubmit)
                  throw new GasError('Please specify the event the trigger runs on.');
                return createFormSubmit(handler, id);
              },
            };
            return builder;
          },
        };
      },
      // The user's triggers of this project, whichever document each was created from.
      getProjectTriggers: () => {
        env.call('ScriptApp.getProjectTriggers');
        env.allowed('ScriptApp.getProjectTriggers');
        return this.list.filter((t) => t.user === env.user()).map(wrap);
      },
      deleteTrigger: (trigger: { getUniqueId(): string }) => {
        env.call('ScriptApp.deleteTrigger');
        env.allowed('ScriptApp.deleteTrigger');
        this.list = this.list.filter((t) => t.id !== trigger.getUniqueId());
      },
    };
  }

  /** The next trigger due at or before `until`, or null. A stopped trigger is never due. */
  nextDue(until: number): TriggerRecord | null {
    let best: TriggerRecord | null = null;
    for (const t of this.list)
      if (!t.stopped && t.nextRun <= until && (!best || t.nextRun < best.nextRun)) best = t;
    return best;
  }

  /** The form-submit triggers that fire for a response written into `document`. */
  formSubmitTriggers(document: string): TriggerRecord[] {
    return this.list.filter(
      (t) => t.event === 'ON_FORM_SUBMIT' && t.document === document && !t.stopped,
    );
  }

  /** The person disabled the add-on in a file: the triggers made from it stay listed, silent. */
  disableAddonIn(user: string, document: string | null): void {
    for (const t of this.list) if (t.user === user && t.document === document) t.stopped = true;
  }
}
