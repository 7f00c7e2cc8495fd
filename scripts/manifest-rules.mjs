// Google's rules for what a deployable build may hold, shared by `npm run deploy` and its tests.
//   https://developers.google.com/apps-script/manifest/allowlist-url
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

/** Why a base URL cannot be deployed, or null when it can. */
export function baseUrlProblem(value) {
  if (!value) return 'VIS_BASE_URL is not set: set it to the service address users will reach.';
  let url;
  try {
    url = new URL(value);
  } catch {
    return `VIS_BASE_URL ${value} is not a URL.`;
  }
  // Whatever the address holds is written into the manifest's allowlist and the bundle, both
  // readable by every user of the add-on: credentials and keys must never be in it (and the value
  // is not repeated here, so they reach no log either).
  if (url.username || url.password || /^[^/]*\/\/[^/?#]*@/.test(value))
    return 'VIS_BASE_URL must not hold a user name or password (user:pass@): it would be published in the manifest and the bundle. Users give their API key in Settings.';
  if (value.includes('?'))
    return 'VIS_BASE_URL must not have a query (?…): it would be published in the manifest and the bundle. Give the service address only, like https://service.example.com.';
  if (value.includes('#'))
    return 'VIS_BASE_URL must not have a fragment (#…): give the service address only, like https://service.example.com.';
  if (url.protocol !== 'https:') return `VIS_BASE_URL must start with https:// (got ${value}).`;
  const host = url.hostname;
  if (!host.includes('.') || /^\d+(\.\d+){3}$/.test(host) || host.endsWith('.'))
    return `VIS_BASE_URL needs a full domain name, like service.example.com (got ${host}).`;
  return null;
}

/** Each allowlist prefix: a valid https:// URL with a full domain and a non-empty path ending in /. */
export function allowlistProblems(prefixes) {
  if (!Array.isArray(prefixes) || prefixes.length === 0)
    return ['urlFetchWhitelist is missing: a versioned deployment requires it.'];
  const problems = [];
  for (const p of prefixes) {
    const reason = baseUrlProblem(p);
    if (reason) problems.push(`${p}: ${reason.replace(/^VIS_BASE_URL /, '')}`);
    else if (!/^https:\/\/[^/]+\/.*$/.test(p) || !p.endsWith('/'))
      problems.push(`${p}: a prefix needs a path ending in /, like https://service.example.com/`);
  }
  return problems;
}

/** Which service in the bundle needs each scope: a scope nothing uses must not be asked for. */
export const SCOPE_USES = {
  'https://www.googleapis.com/auth/spreadsheets': 'SpreadsheetApp.openById',
  'https://www.googleapis.com/auth/spreadsheets.currentonly': 'SpreadsheetApp.getActiveSpreadsheet',
  'https://www.googleapis.com/auth/script.external_request': 'UrlFetchApp.fetchAll',
  'https://www.googleapis.com/auth/script.container.ui': 'showSidebar',
  'https://www.googleapis.com/auth/script.scriptapp': 'ScriptApp.newTrigger',
  'https://www.googleapis.com/auth/userinfo.email': 'Session.getEffectiveUser',
  'https://www.googleapis.com/auth/script.send_mail': 'MailApp.sendEmail',
};

/** The public manifest schema (scripts/vendor/schemastore, Apache-2.0), less its one wrong rule:
 * it calls allowlist entries host names where Google wants URL prefixes, so that field is left to
 * allowlistProblems. */
function compileManifestSchema() {
  const schema = JSON.parse(
    readFileSync(new URL('./vendor/schemastore/appsscript.json', import.meta.url), 'utf8'),
  );
  delete schema.properties.urlFetchWhitelist.items.format;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

let validateManifest;

/** Where the manifest breaks the public schema, one line per error. */
export function schemaProblems(manifest) {
  validateManifest ??= compileManifestSchema();
  if (validateManifest(manifest)) return [];
  return validateManifest.errors.map(
    (e) =>
      `appsscript.json${e.instancePath.replaceAll('/', '.')}: ${e.message} (the manifest schema).`,
  );
}

export function manifestProblems(manifest, code) {
  const problems = [...schemaProblems(manifest), ...allowlistProblems(manifest.urlFetchWhitelist)];
  for (const scope of manifest.oauthScopes ?? []) {
    const use = SCOPE_USES[scope];
    if (!use)
      problems.push(`${scope}: not a scope this add-on documents (docs/marketplace/scopes.md).`);
    else if (!code.includes(use)) problems.push(`${scope}: the bundle never calls ${use}.`);
  }
  return problems;
}
