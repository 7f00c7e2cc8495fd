// Help's diagnostics through their ports: what a person pastes to support says how the add-on is
// set up and what it did, and never holds the key or the team webhook's address.
import { diagnosticsWith } from '../../src/addon/help';
import { WEBHOOK_PREFIXES } from '../../src/config';
import type { DiagnosticsPorts } from '../../src/addon/help';

const KEY = 'vis_live_4f9a1c2e8b7d33aa';
const HOOK = `${WEBHOOK_PREFIXES.Slack}T0SECRET/B0SECRET/abcdefgh`;

const ports = (over: Partial<DiagnosticsPorts> = {}): DiagnosticsPorts => ({
  settings: () => ({
    apiKey: KEY,
    baseUrl: null,
    allowFormulasToUseKey: true,
    workspaceAccount: false,
    accountNotice: null,
    keyTested: true,
    plan: 'paid',
  }),
  webhook: () => ({ url: HOOK, broken: null }),
  missing: () => ['mail'],
  usage: () => ({
    today: 120,
    quota: 20000,
    left: 19880,
    reserve: 500,
    tier: 'consumer',
    why: '',
    properties: { today: 40, quota: 50000 },
    triggerMinutes: { today: 3, quota: 90 },
  }),
  documentsWithWork: () => 2,
  log: () => [
    {
      time: '2026-11-26T10:00:00.000Z',
      run: 'trigger',
      action: 'Refresh scores #s1',
      sheet: 'Prospects',
      rows: 3,
      requests: 3,
      changed: 1,
      errors: 0,
      result: 'Scored 3 rows.',
    },
  ],
  ...over,
});

it('says the setup, the day’s use and the last runs, with the key masked and no webhook address', () => {
  const text = diagnosticsWith(ports());
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(KEY.slice(0, 12));
  expect(text).not.toContain('T0SECRET');
  expect(text).toMatch(/key: saved \(/);
  expect(text).toContain('Team webhook: Slack (saved)');
  expect(text).toContain('Permissions not granted: mail');
  expect(text).toContain('URL fetches today: 120 of 20000 (consumer)');
  expect(text).toContain('Documents with background work: 2');
  expect(text).toContain(
    '- 2026-11-26T10:00:00.000Z trigger Refresh scores Prospects: Scored 3 rows.',
  );
});

it('without a key or webhook, says none; a refused webhook says why it stopped', () => {
  const none = diagnosticsWith(
    ports({ settings: () => ({ ...ports().settings(), apiKey: null }), webhook: () => null }),
  );
  expect(none).toContain('key: none');
  expect(none).toContain('Team webhook: none');
  const stopped = diagnosticsWith(
    ports({ webhook: () => ({ url: HOOK, broken: 'Slack answered 404' }) }),
  );
  expect(stopped).toContain('Team webhook: Slack (stopped: Slack answered 404)');
});
