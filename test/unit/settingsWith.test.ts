// Settings on the memory kit: the key shown masked, what is refused before anything is kept, who
// may let formulas use a key, the team webhook tried before it is kept, and Test connection's two
// probes.
import { saveSettingsIn, settingsView, testConnectionWith } from '../../src/addon/settings';
import { WEBHOOK_PREFIXES } from '../../src/config';
import { readSettings, savedWebhook } from '../../src/kit/settings';
import type { HttpRequest, HttpResponse } from '../../src/api/http';
import { memoryKit, type MemoryKitOptions } from '../../dev/memoryKit';
import { FakeTransport, json } from './fakes';

/** The person's kit answered by `answer`, with what Settings kept, as Settings reads it. */
function settingsKit(answer: (r: HttpRequest) => HttpResponse, options: MemoryKitOptions = {}) {
  const transport = new FakeTransport(answer);
  const ports = memoryKit({ transport, email: 'ana@team.example', ...options });
  const stored = () => readSettings(ports.records.mine, ports.tables.fileId());
  const posted = () => ports.sent.filter((r) => r.url.startsWith(WEBHOOK_PREFIXES.Slack));
  return { ports, stored, webhook: () => savedWebhook(ports.records.mine), posted, transport };
}

const KEY = 'vis_live_4f9a1c2e8b7d';
const ok = () => json(200, {});
const HOOK = `${WEBHOOK_PREFIXES.Slack}T000/B000/XXXX`;

it('shows a saved key masked, never whole, and forgets a key test when the key changes', () => {
  const { ports, stored } = settingsKit(ok);
  const view = saveSettingsIn(ports, { apiKey: `  ${KEY} ` });
  expect(stored().apiKey).toBe(KEY);
  expect(view).toMatchObject({ hasKey: true, refused: null, keyTested: false });
  expect(view.maskedKey).not.toContain(KEY.slice(4, -4));
  expect(JSON.stringify(view)).not.toContain(KEY);
});

it.each([
  [{ baseUrl: 'ftp://svc.example' }, /must start with https:\/\//],
  [{ baseUrl: 'https://elsewhere.example' }, /may only reach/],
  [{ apiKey: 'vis live key' }, /has no spaces/],
  [{ webhook: 'https://evil.example/hook' }, /Slack|Chat/],
])('refuses %j in words, keeping nothing', (change, said) => {
  const { ports, stored, webhook } = settingsKit(ok);
  const view = saveSettingsIn(ports, change);
  expect(view.refused).toMatch(said);
  expect([stored().apiKey, stored().baseUrl, webhook()]).toEqual([null, null, null]);
});

it('lets only the spreadsheet owner allow formulas to use their key; a withheld address leaves it to them', () => {
  const teammate = settingsKit(ok, { email: 'ben@team.example', owner: 'ana@team.example' });
  expect(saveSettingsIn(teammate.ports, { allowFormulasToUseKey: true }).refused).toMatch(
    /Only the spreadsheet owner/,
  );
  expect(teammate.stored().allowFormulasToUseKey).toBe(false);
  expect(settingsView(teammate.ports).formulaKeyRefused).toMatch(/Only the spreadsheet owner/);
  const sharedDrive = settingsKit(ok, { owner: null });
  expect(saveSettingsIn(sharedDrive.ports, { allowFormulasToUseKey: true }).refused).toMatch(
    /shared drive/,
  );
  expect(sharedDrive.stored().allowFormulasToUseKey).toBe(false);
  // Without the document the box says why and the rest is saved (the box is left as it was).
  const noDocument = settingsKit(ok, {
    missing: ['sheets'],
    email: 'ben@team.example',
    owner: 'ana@team.example',
  });
  const saved = saveSettingsIn(noDocument.ports, { apiKey: 'k1', allowFormulasToUseKey: true });
  expect([saved.refused, noDocument.stored().apiKey]).toEqual([null, 'k1']);
  expect(saved.formulaKeyRefused).toMatch(/permission to see your spreadsheets/);
  expect(
    noDocument.ports.properties.has(`vis.allowFormulas.${noDocument.ports.tables.fileId()}`),
  ).toBe(false);
  const withheld = settingsKit(ok, { email: '', owner: 'ana@team.example' });
  expect(saveSettingsIn(withheld.ports, { allowFormulasToUseKey: true }).refused).toBeNull();
  expect(withheld.stored().allowFormulasToUseKey).toBe(true);
});

it('keeps a team webhook only once a first message went through, and shows it masked', () => {
  const refused = settingsKit(() => json(404, 'channel_not_found'));
  expect(saveSettingsIn(refused.ports, { webhook: HOOK }).refused).toMatch(
    /Not saved: Slack answered 404 \(channel_not_found\)/,
  );
  expect(refused.webhook()).toBeNull();
  const fine = settingsKit(ok);
  const view = saveSettingsIn(fine.ports, { webhook: HOOK });
  expect(fine.webhook()?.url).toBe(HOOK);
  expect(fine.posted()).toHaveLength(1);
  expect(view.webhook).not.toContain('T000/B000');
  expect(saveSettingsIn(fine.ports, { webhook: ' ' }).webhook).toBeNull();
});

describe('Test connection', () => {
  it('a service that does not answer as the service: check the address, key untested', () => {
    const { ports, stored } = settingsKit(() => json(502, '<html>bad gateway</html>'));
    saveSettingsIn(ports, { apiKey: KEY });
    expect(testConnectionWith(ports)).toMatchObject({ ok: false, serviceReachable: false });
    expect(stored().keyTested).toBe(false);
  });

  it('a service that does not answer at all is asked once, and the address is questioned at once', () => {
    const { ports, transport } = settingsKit(() => ({ status: 0, headers: {}, body: '' }));
    saveSettingsIn(ports, { apiKey: KEY });
    expect(testConnectionWith(ports)).toMatchObject({ ok: false, serviceReachable: false });
    expect(transport.batches).toHaveLength(1);
  });

  it('no key: one lookup only, and the next step said', () => {
    const { ports, transport } = settingsKit(() => json(404, { error: 'not found' }));
    expect(testConnectionWith(ports)).toMatchObject({ serviceReachable: true, keyAccepted: null });
    expect(transport.sent).toBe(1);
  });

  it('a refused key is said and not remembered as tested; an accepted one is', () => {
    const refusing = settingsKit((r) =>
      r.url.includes('scan') ? json(401, { error: 'Unauthorized' }) : json(404, {}),
    );
    saveSettingsIn(refusing.ports, { apiKey: KEY });
    expect(testConnectionWith(refusing.ports)).toMatchObject({ ok: false, keyAccepted: false });
    expect(refusing.stored().keyTested).toBe(false);
    const accepting = settingsKit((r) =>
      r.url.includes('scan') ? json(404, { error: 'Agent not found' }) : json(404, {}),
    );
    saveSettingsIn(accepting.ports, { apiKey: KEY });
    expect(testConnectionWith(accepting.ports)).toMatchObject({ ok: true, keyAccepted: true });
    expect(settingsView(accepting.ports).keyTested).toBe(true);
  });
});
