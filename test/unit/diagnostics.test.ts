// Help's diagnostics on the memory kit: what a person pastes to support says how the add-on is
// set up and what it did, and never holds the key or the team webhook's address.
import { diagnosticsWith } from '../../src/addon/help';
import { WEBHOOK_PREFIXES } from '../../src/config';
import { SETTING, saveWebhook, writeSettings } from '../../src/kit/settings';
import { memoryKit } from '../../dev/memoryKit';

const KEY = 'vis_live_4f9a1c2e8b7d33aa';
const HOOK = `${WEBHOOK_PREFIXES.Slack}T0SECRET/B0SECRET/abcdefgh`;

/** A person with a key allowed to formulas here, a team webhook, and one run logged. */
function setUp() {
  const kit = memoryKit({ missing: ['mail'], quotaLeft: 19_880, now: Date.UTC(2026, 10, 26, 10) });
  writeSettings(kit.records.mine, kit.tables.fileId(), {
    apiKey: KEY,
    allowFormulasToUseKey: true,
  });
  saveWebhook(kit.records.mine, HOOK);
  kit.later.keep('previews', 3);
  kit.log.action('Refresh scores #s1', {
    sheet: 'Prospects',
    rows: 3,
    requests: 3,
    changed: 1,
    errors: 0,
    result: 'Scored 3 rows.',
  });
  return kit;
}

it('says the setup, the day’s use and the last runs, with the key masked and no webhook address', () => {
  const text = diagnosticsWith(setUp());
  expect(text).not.toContain(KEY);
  expect(text).not.toContain(KEY.slice(0, 12));
  expect(text).not.toContain('T0SECRET');
  expect(text).toMatch(/key: saved \(/);
  expect(text).toContain('Formulas may use the key here: yes');
  expect(text).toContain('Team webhook: Slack (saved)');
  expect(text).toContain('Permissions not granted: mail');
  expect(text).toContain('URL fetches today: 0 of 19880 (consumer)');
  expect(text).toContain('Documents with background work: 1');
  expect(text).toMatch(
    /\n- 2026-11-26T10:00:00.000Z \w+ Refresh scores Prospects: Scored 3 rows\.$/,
  );
});

it('without a key or webhook, says none; a refused webhook says why it stopped', () => {
  const kit = setUp();
  writeSettings(kit.records.mine, kit.tables.fileId(), { apiKey: '' });
  saveWebhook(kit.records.mine, null);
  const none = diagnosticsWith(kit);
  expect(none).toContain('key: none');
  expect(none).toContain('Team webhook: none');
  saveWebhook(kit.records.mine, HOOK);
  kit.records.mine.put(SETTING.webhookBroken, 'Slack answered 404');
  expect(diagnosticsWith(kit)).toContain('Team webhook: Slack (stopped: Slack answered 404)');
});
