/**
 * The permissions a person may leave unticked on Google's consent screen, and what each one lets
 * the add-on do. Since 2025-08-26 a published Editor add-on's consent is granular: every feature
 * checks its own and says in these words what waits for it, and the rest goes on.
 */
import { GRANT_STEP } from '../api/errors';

export { GRANT_STEP };

export type Permission =
  | 'sheets'
  | 'ui'
  | 'email'
  | 'service'
  | 'background'
  | 'mail'
  | 'decks'
  | 'linkPreview'
  | 'linkCreate';

/** What the person has not granted, and Google's link that asks for it (null: nothing missing). */
export interface PermissionState {
  missing: Permission[];
  grantUrl: string | null;
}

interface PermissionFacts {
  /** The OAuth scope, as in appsscript.json. */
  scope: string;
  /** Who needs it, as a subject ("Report, alert and lead e-mails"). */
  features: string;
  /** What it lets the add-on do. */
  lets: string;
}

const AUTH = 'https://www.googleapis.com/auth/';

export const PERMISSIONS: Record<Permission, PermissionFacts> = {
  sheets: {
    scope: `${AUTH}spreadsheets`,
    features: 'Reading and writing your lists (every feature but this menu and Settings)',
    lets: 'see and edit your spreadsheets',
  },
  ui: {
    scope: `${AUTH}script.container.ui`,
    features: 'The sidebar, Help and the menu’s dialogs',
    lets: 'show the sidebar and dialogs in Google Sheets',
  },
  email: {
    scope: `${AUTH}userinfo.email`,
    features:
      'Schedules, lead watches and taking over a teammate’s work (they are kept under your address)',
    lets: 'see your e-mail address',
  },
  service: {
    scope: `${AUTH}script.external_request`,
    features: 'Scores, previews and scans',
    lets: 'connect to the Visibility service',
  },
  background: {
    scope: `${AUTH}script.scriptapp`,
    features: 'Finishing previews, scans, schedules and lead watches with the sidebar closed',
    lets: 'run in the background',
  },
  mail: {
    scope: `${AUTH}script.send_mail`,
    features: 'Report, alert and lead e-mails',
    lets: 'send e-mail as you',
  },
  decks: {
    scope: `${AUTH}presentations`,
    features: 'Report decks',
    lets: 'make presentations in Google Slides',
  },
  linkPreview: {
    scope: `${AUTH}workspace.linkpreview`,
    features: 'Score cards on report and brand links in Docs, Sheets and Slides',
    lets: 'preview the links you paste',
  },
  linkCreate: {
    scope: `${AUTH}workspace.linkcreate`,
    features: 'Create visibility preview in the @ menu of Docs',
    lets: 'insert the links you create',
  },
};

export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

/** "Report, alert and lead e-mails need permission to send e-mail as you". */
export const needsPermission = (p: Permission): string =>
  `${PERMISSIONS[p].features} need permission to ${PERMISSIONS[p].lets}`;

/** A whole sentence where the person is: what waits, and where to grant it. */
export const notGrantedMessage = (p: Permission): string => `${needsPermission(p)}: ${GRANT_STEP}.`;

/** The permissions whose scopes are not among `granted`. */
export const missingOf = (granted: readonly string[]): Permission[] =>
  ALL_PERMISSIONS.filter((p) => !granted.includes(PERMISSIONS[p].scope));

/**
 * The permission a Google error names ("Specified permissions are not sufficient to call …
 * Required permissions: <scope>"; after an update that adds a scope, the first call that needs
 * it fails this way), or null for any other error.
 */
export function permissionNamedIn(message: string): Permission | null {
  if (!/permission/i.test(message)) return null;
  return ALL_PERMISSIONS.find((p) => message.includes(PERMISSIONS[p].scope)) ?? null;
}
