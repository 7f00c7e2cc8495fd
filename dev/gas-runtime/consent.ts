/**
 * What a person granted the project, and what each execution mode may call whatever they granted:
 * the consent screen's scopes (granular consent), a custom function's short list, AuthMode.NONE's
 * menu and AuthMode.LIMITED's file (docs/platform-limits.md A1, A4, A7, C1).
 */
import { GasError, noPermission } from './errors';
import { SLIDES_SCOPE } from './slides';

/** `card`: a Workspace add-on's function (a link preview, a create action), run from Docs, Sheets or Slides. */
export type Mode = 'custom-function' | 'sidebar' | 'menu' | 'trigger' | 'simple-trigger' | 'card';

/**
 * `SpreadsheetApp.openById` opens any of the user's files, so it needs the full `spreadsheets`
 * scope; `spreadsheets.currentonly` covers only the document the script runs in.
 * https://developers.google.com/apps-script/reference/spreadsheet/spreadsheet-app#openbyidid
 */
export const OPEN_BY_ID_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
const SPREADSHEETS_SCOPE = OPEN_BY_ID_SCOPE;
const EMAIL_SCOPE = 'https://www.googleapis.com/auth/userinfo.email';

/** What a custom function may call (Spreadsheet read-only; no UI, no triggers). */
const CUSTOM_FUNCTION_SERVICES = [
  'UrlFetchApp',
  'CacheService',
  'LockService',
  'Utilities',
  'HtmlService',
  'PropertiesService',
  'SpreadsheetApp.getActive',
];

const WRITE_FREE_SERVICES = new Set(['SpreadsheetApp.getUi', 'Menu.addToUi']);

/**
 * What a simple trigger in AuthMode.LIMITED (an add-on's onOpen once it is used in the file) may
 * not call, however much the person granted: it reaches the file it is bound to and nothing that
 * needs authorization beyond it (A7): no fetch, no mail, no triggers, no other file, no deck.
 */
const LIMITED_REFUSED = [
  'UrlFetchApp',
  'MailApp',
  'ScriptApp.newTrigger',
  'ScriptApp.getProjectTriggers',
  'ScriptApp.deleteTrigger',
  'SpreadsheetApp.openById',
  'SlidesApp',
];

/**
 * The scope each service needs, as Google names it when it is missing. Since 2025-08-26 a
 * published Editor add-on's consent screen lets a person leave any of these unticked
 * (https://developers.google.com/apps-script/concepts/scopes, "granular consent"; G1).
 * `ScriptApp.getAuthorizationInfo` needs none: it is how a script finds out.
 */
const SCOPE_OF: ReadonlyArray<readonly [prefix: string, scope: string]> = [
  ['SpreadsheetApp.getUi', 'https://www.googleapis.com/auth/script.container.ui'],
  ['SpreadsheetApp', SPREADSHEETS_SCOPE],
  ['UrlFetchApp', 'https://www.googleapis.com/auth/script.external_request'],
  ['ScriptApp.newTrigger', 'https://www.googleapis.com/auth/script.scriptapp'],
  ['ScriptApp.getProjectTriggers', 'https://www.googleapis.com/auth/script.scriptapp'],
  ['ScriptApp.deleteTrigger', 'https://www.googleapis.com/auth/script.scriptapp'],
  ['MailApp', 'https://www.googleapis.com/auth/script.send_mail'],
  ['SlidesApp', SLIDES_SCOPE],
];

/** Google's words when a call needs a scope the person did not grant (public reports quote it). */
const notGranted = (what: string, scope: string) =>
  new GasError(
    `Specified permissions are not sufficient to call ${what}. Required permissions: ${scope}`,
  );

/** An execution as its permissions see it. */
export interface Caller {
  mode: Mode;
  user: string;
  authNone: boolean;
}

export class Consent {
  /** What each person ticked on the consent screen; everything the manifest asks, unless told. */
  private unticked = new Map<string, Set<string>>();

  /** `scopes`: the manifest's `oauthScopes`. */
  constructor(readonly scopes: readonly string[]) {}

  has(scope: string): boolean {
    return this.scopes.includes(scope);
  }

  /** The person leaves `scope` unticked on the consent screen (G1). */
  untick(user: string, scope: string): void {
    if (!this.has(scope)) throw new Error(`not in the manifest: ${scope}`);
    const set = this.unticked.get(user) ?? new Set<string>();
    set.add(scope);
    this.unticked.set(user, set);
  }

  /** The person grants everything again (the authorization link followed). */
  grantAll(user: string): void {
    this.unticked.delete(user);
  }

  granted(user: string): string[] {
    const off = this.unticked.get(user);
    return this.scopes.filter((s) => !off?.has(s));
  }

  /** Throws Google's refusal when `e` may not call `what`. */
  check(e: Caller, what: string): void {
    if (e.mode === 'custom-function' && !CUSTOM_FUNCTION_SERVICES.some((s) => what.startsWith(s))) {
      throw noPermission(what);
    }
    if (e.authNone) {
      if (!WRITE_FREE_SERVICES.has(what)) throw noPermission(what);
      // Not authorised at all (AuthMode.NONE): the menu is built all the same.
      return;
    }
    if (e.mode === 'simple-trigger' && LIMITED_REFUSED.some((s) => what.startsWith(s)))
      throw noPermission(what);
    const needs = SCOPE_OF.find(([prefix]) => what.startsWith(prefix))?.[1];
    // A custom function reads its own spreadsheet without the person's consent (its own mode).
    if (needs === SPREADSHEETS_SCOPE && e.mode === 'custom-function') return;
    if (needs && this.has(needs) && !this.granted(e.user).includes(needs))
      throw notGranted(what, needs);
  }

  /**
   * `ScriptApp.getAuthorizationInfo(authMode, oAuthScopes?)`: REQUIRED while any of the scopes
   * asked about (all the manifest's when none are named) is not granted; the URL that asks for
   * them, else null; which of those scopes are granted.
   * https://developers.google.com/apps-script/reference/script/authorization-info
   */
  authorizationInfo(user: string, asked?: string[]) {
    const about = (asked ?? this.scopes).filter((s) => this.has(s));
    const unsaid = this.unsaid.has(user);
    const granted = this.granted(user);
    const required = about.some((s) => !granted.includes(s));
    return {
      getAuthorizationStatus: () => (required ? 'REQUIRED' : 'NOT_REQUIRED'),
      getAuthorizationUrl: () =>
        required ? `https://script.google.com/a/auth?scope=${about.length}&user=${user}` : null,
      // Google's type is String[]|null and its page does not say when it is null (A8).
      getAuthorizedScopes: () => (unsaid ? null : about.filter((s) => granted.includes(s))),
    };
  }

  /** Users for whom `getAuthorizedScopes()` answers null: the platform does not say (A8). */
  readonly unsaid = new Set<string>();

  /** `Session.getEffectiveUser().getEmail()` as the execution sees it. */
  email(e: Caller): string {
    if (!this.has(EMAIL_SCOPE)) throw noPermission('Session.getEffectiveUser');
    // Left unticked on the consent screen, the address is empty (G1).
    if (!this.granted(e.user).includes(EMAIL_SCOPE)) return '';
    return e.mode === 'custom-function' ? '' : e.user;
  }
}
