// Google's rules for what a deployable build may hold, shared by `npm run deploy` and its tests.
//   https://developers.google.com/apps-script/manifest/allowlist-url
import { readFileSync } from 'node:fs';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

/** A DNS label as a host name may hold it (RFC 1123): 1-63 letters, digits or inner hyphens. */
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/**
 * Why a host is not a full domain name, or null. Google wants "a full domain" in every allowlist
 * prefix; a wildcard may only lead a prefix (`*.example.com`) and only where `wildcard` allows it:
 * in VIS_EXTRA_ALLOWLIST, never in the service address the add-on calls.
 */
function hostProblem(host, { wildcard }) {
  const labels = host.split('.');
  if (wildcard && labels[0] === '*') labels.shift();
  if (labels.length < 2) return `needs a full domain name, like service.example.com (got ${host}).`;
  if (labels.some((l) => l === ''))
    return `needs a full domain name without empty labels or a trailing dot (got ${host}).`;
  if (labels.some((l) => l.includes('*')))
    return wildcard
      ? `may hold a wildcard only as its first label, like https://*.example.com/ (got ${host}).`
      : `must not hold a wildcard: give the one address the add-on calls (got ${host}).`;
  if (!labels.every((l) => LABEL.test(l)) || /^\d+$/.test(labels.at(-1)))
    return `needs a full domain name of letters, digits and hyphens, like service.example.com (got ${host}).`;
  return null;
}

/**
 * Why an address cannot be published (in the manifest's allowlist and the bundle), or null.
 * `name` says which setting it came from, so each refusal is one line naming it.
 */
function addressProblem(value, name, { wildcard }) {
  if (!value) return `${name} is not set: set it to the service address users will reach.`;
  let url;
  try {
    // The WHATWG parser rewrites a leading `*.` label it cannot hold; a placeholder keeps it.
    url = new URL(value.replace('://*.', '://wildcard-placeholder.'));
  } catch {
    return `${name} ${value} is not a URL.`;
  }
  // Whatever the address holds is written into the manifest's allowlist and the bundle, both
  // readable by every user of the add-on: credentials and keys must never be in it (and the value
  // is not repeated here, so they reach no log either).
  if (url.username || url.password || /^[^/]*\/\/[^/?#]*@/.test(value))
    return `${name} must not hold a user name or password (user:pass@): it would be published in the manifest and the bundle. Users give their API key in Settings.`;
  if (value.includes('?'))
    return `${name} must not have a query (?…): it would be published in the manifest and the bundle. Give the service address only, like https://service.example.com.`;
  if (value.includes('#'))
    return `${name} must not have a fragment (#…): give the service address only, like https://service.example.com.`;
  if (url.protocol !== 'https:') return `${name} must start with https:// (got ${value}).`;
  const host = url.hostname.replace(/^wildcard-placeholder\./, '*.');
  const reason = hostProblem(host, { wildcard });
  return reason && `${name} ${reason}`;
}

/** Why a base URL cannot be deployed, or null when it can. */
export function baseUrlProblem(value) {
  return addressProblem(value, 'VIS_BASE_URL', { wildcard: false });
}

/** Each allowlist prefix: a valid https:// URL with a full domain and a non-empty path ending in /. */
export function allowlistProblems(prefixes) {
  if (!Array.isArray(prefixes) || prefixes.length === 0)
    return ['urlFetchWhitelist is missing: a versioned deployment requires it.'];
  const problems = [];
  for (const p of prefixes) {
    const reason = addressProblem(p, 'prefix', { wildcard: true });
    if (reason) problems.push(`${p}: ${reason.replace(/^prefix /, '')}`);
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
  'https://www.googleapis.com/auth/presentations': 'SlidesApp.create',
  'https://www.googleapis.com/auth/workspace.linkpreview': 'newCardHeader',
  'https://www.googleapis.com/auth/workspace.linkcreate': 'renderActions',
};

/** The public manifest schema (scripts/vendor/schemastore, Apache-2.0), less two wrong rules:
 * it calls allowlist entries host names where Google wants URL prefixes, so that field is left to
 * allowlistProblems. */
function compileManifestSchema() {
  const schema = JSON.parse(
    readFileSync(new URL('./vendor/schemastore/appsscript.json', import.meta.url), 'utf8'),
  );
  delete schema.properties.urlFetchWhitelist.items.format;
  // And it predates link previews: its `sheets` allows no `linkPreviewTriggers`. The editors'
  // part is checked against Google's reference instead (workspace-addon.schema.json).
  delete schema.properties.addOns.properties.sheets;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

/** The editors' part of `addOns` (link previews, create actions), from Google's reference page. */
function compileWorkspaceSchema() {
  const schema = JSON.parse(
    readFileSync(new URL('./workspace-addon.schema.json', import.meta.url), 'utf8'),
  );
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

let validateManifest;
let validateWorkspace;

const errorsOf = (validate, value, prefix) =>
  validate(value)
    ? []
    : validate.errors.map(
        (e) =>
          `${prefix}${e.instancePath.replaceAll('/', '.')}: ${e.message} (the manifest schema).`,
      );

/** Where the manifest breaks the public schema, or Google's editor add-on reference, one line each. */
export function schemaProblems(manifest) {
  validateManifest ??= compileManifestSchema();
  validateWorkspace ??= compileWorkspaceSchema();
  return [
    ...errorsOf(validateManifest, manifest, 'appsscript.json'),
    ...(manifest.addOns
      ? errorsOf(validateWorkspace, manifest.addOns, 'appsscript.json.addOns')
      : []),
  ];
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
