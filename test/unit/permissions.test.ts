import { readFileSync } from 'node:fs';
import {
  missingOf,
  needsPermission,
  notGrantedMessage,
  permissionNamedIn,
  PERMISSIONS,
} from '../../src/domain/permissions';

const AUTH = 'https://www.googleapis.com/auth/';

it('every scope the manifest asks for is a permission a person may untick, and no other', () => {
  const manifest = JSON.parse(readFileSync('appsscript.json', 'utf8')) as { oauthScopes: string[] };
  expect(
    Object.values(PERMISSIONS)
      .map((p) => p.scope)
      .sort(),
  ).toEqual([...manifest.oauthScopes].sort());
});

it('exception logging stays NONE, as docs/deploy.md decides: users’ messages name their data', () => {
  const manifest = JSON.parse(readFileSync('appsscript.json', 'utf8')) as {
    exceptionLogging: string;
  };
  expect(manifest.exceptionLogging).toBe('NONE');
  expect(readFileSync('docs/deploy.md', 'utf8')).toContain('## Exception logging: NONE, decided');
});

it.each([
  [
    [],
    [
      'sheets',
      'ui',
      'email',
      'service',
      'background',
      'mail',
      'decks',
      'linkPreview',
      'linkCreate',
    ],
  ],
  [
    [
      `${AUTH}spreadsheets`,
      `${AUTH}script.container.ui`,
      `${AUTH}userinfo.email`,
      `${AUTH}script.external_request`,
      `${AUTH}script.scriptapp`,
    ],
    ['mail', 'decks', 'linkPreview', 'linkCreate'],
  ],
  [Object.values(PERMISSIONS).map((p) => p.scope), []],
])('granted %p: missing %p', (granted, missing) => {
  expect(missingOf(granted)).toEqual(missing);
});

it.each([
  [
    `Exception: Specified permissions are not sufficient to call UrlFetchApp.fetchAll. Required permissions: ${AUTH}script.external_request`,
    'service',
  ],
  [
    `You do not have permission to call MailApp.sendEmail. Required permissions: ${AUTH}script.send_mail`,
    'mail',
  ],
  ['Address unavailable: https://example.com/x', null],
  [`Service invoked too many times for one day: urlfetch.`, null],
])('%s names %p', (message, permission) => {
  expect(permissionNamedIn(message)).toBe(permission);
});

it('says what waits and where to grant it', () => {
  expect(needsPermission('decks')).toBe(
    'Report decks need permission to make presentations in Google Slides',
  );
  expect(notGrantedMessage('mail')).toBe(
    'Report, alert and lead e-mails need permission to send e-mail as you: grant it in Settings (Grant access).',
  );
});
