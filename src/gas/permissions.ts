/**
 * What the person granted on Google's consent screen, asked of ScriptApp before a feature runs
 * (docs/platform-limits.md, G1). A background run that lacks a permission says so once in the
 * document's log, not every hour; granting everything again clears that memory.
 */
import {
  ALL_PERMISSIONS,
  missingOf,
  PERMISSIONS,
  type Permission,
  type PermissionState,
} from '../domain/permissions';
import { myRecords } from './userStore';
import { NOTED_MISSING } from '../kit/once';

/** getAuthorizationInfo's second argument and getAuthorizedScopes are newer than @types. */
interface AuthorizationInfo {
  getAuthorizedScopes(): string[] | null;
  getAuthorizationUrl(): string | null;
  getAuthorizationStatus(): GoogleAppsScript.Script.AuthorizationStatus;
}
type Ask = (mode: GoogleAppsScript.Script.AuthMode, scopes: string[]) => AuthorizationInfo;

/** Asked once an execution: every execution loads the project afresh (docs/platform-limits.md, E1). */
let known: PermissionState | null = null;

export function permissionState(): PermissionState {
  if (!known) known = ask();
  return known;
}

function ask(): PermissionState {
  const scopes = ALL_PERMISSIONS.map((p) => PERMISSIONS[p].scope);
  const info = (ScriptApp.getAuthorizationInfo as unknown as Ask)(ScriptApp.AuthMode.FULL, scopes);
  // null: the platform does not say which; its status still says whether any is missing, and
  // then every feature that needs one asks for Google's link rather than failing inside.
  const said = info.getAuthorizedScopes();
  const notRequired = info.getAuthorizationStatus() === ScriptApp.AuthorizationStatus.NOT_REQUIRED;
  const missing = missingOf(said ?? (notRequired ? scopes : []));
  if (missing.length === 0) myRecords().drop(NOTED_MISSING);
  return { missing, grantUrl: missing.length ? info.getAuthorizationUrl() : null };
}

export const granted = (p: Permission): boolean => !permissionState().missing.includes(p);
