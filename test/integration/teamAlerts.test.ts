// Team alerts: a schedule's digest posted to a Slack or Google Chat webhook saved in Settings, on
// the built bundle, the platforms' stand-ins on the emulator. The webhook is a secret: never in a
// cell, a log, the document's properties or what the sidebar is sent.
import { diagnosticsFromHelp } from '../menuApi';
import { INDEX } from '../../dev/emulator/brandIndex';
import { prospectsAtHalfPastMidnight, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import type { Schedule } from '../../src/contract/schedules';

let w: World;
afterEach(() => w?.close());

const HOUR = 3600 * 1000;
const SLACK = 'https://hooks.slack.com/services/T0001/B0002/s3cr3tSlackToken';
const CHAT =
  'https://chat.googleapis.com/v1/spaces/AAAA1234/messages?key=chatKey&token=s3cr3tChatToken';
const brands = INDEX.filter((b) => !b.domain.endsWith('.example')).slice(0, 6);

const list = () =>
  prospectsAtHalfPastMidnight(
    w.rt,
    brands.map((b) => b.domain),
  );

const daily = (alert: Schedule['alert']): Schedule => ({
  action: 'refreshScores',
  sheetName: 'Prospects',
  every: 'day',
  hour: 9,
  refresh: 'all',
  alert,
});

async function day(): Promise<void> {
  for (let i = 0; i < 24; i++) await w.elapse(HOUR);
}

/** Every brand of the list moves by 20 points before the next run (and back, the round after). */
const moveAll = (round: number) =>
  w.emu.moveBrands(
    brands.map((b) => ({
      brand: b.domain,
      overallScore:
        round % 2 === 0 ? b.overallScore : b.overallScore + (b.overallScore > 50 ? -20 : 20),
      lastScanDate: `2026-12-0${round}T06:00:00.000Z`,
    })),
  );

function lastResult(): string {
  return sidebar(w.rt).getSchedules()[0]!.lastResult ?? '';
}

/** Nowhere a person or a log can read holds the secret part of a webhook. */
function secretsNowhere(): void {
  const secrets = ['s3cr3tSlackToken', 's3cr3tChatToken'];
  const places = [
    JSON.stringify(w.rt.spreadsheet.sheets.map((s) => s.probe.rows)),
    JSON.stringify(w.rt.logs),
    JSON.stringify(w.rt.documentPropertiesOf(w.rt.spreadsheet).data),
    JSON.stringify(sidebar(w.rt).getSettings()),
    diagnosticsFromHelp(w.rt),
    JSON.stringify(w.rt.mail.sent),
  ];
  for (const place of places) for (const s of secrets) expect(place).not.toContain(s);
}

describe('team alerts over webhooks', () => {
  it('accepts only Slack and Chat webhooks, checks one with a test message, shows it masked', async () => {
    w = await startWorld();
    const api = sidebar(w.rt);
    for (const bad of [
      'https://example.com/hook',
      'http://hooks.slack.com/services/T/B/x',
      'https://hooks.slack.com.evil.example/services/T/B/x',
      'https://hooks.slack.com/services/',
    ]) {
      const r = api.saveSettings({ webhook: bad });
      expect(r.refused).toMatch(/^Not saved: paste a Slack incoming webhook/);
      expect(r.webhook).toBeNull();
    }
    expect(await w.emu.webhookPosts()).toEqual([]);

    const saved = api.saveSettings({ webhook: ` ${SLACK} ` });
    expect(saved.refused).toBeNull();
    expect(saved.webhook).toBe('Slack webhook ••••••••oken');
    const [test] = await w.emu.webhookPosts();
    expect(test).toMatchObject({
      platform: 'slack',
      path: 'services/T0001/B0002/s3cr3tSlackToken',
      contentType: expect.stringMatching(/^application\/json/),
      status: 200,
    });
    expect(JSON.parse(test!.body)).toEqual({
      text: expect.stringMatching(/will post schedule alerts/),
    });
    expect(w.rt.userProperties(w.rt.owner).data['vis.webhook']).toBe(SLACK);

    // A webhook whose channel is gone is refused on save, in the platform's words, not kept.
    const gone = api.saveSettings({ webhook: 'https://hooks.slack.com/services/T1/B1/gone' });
    expect(gone.refused).toBe(
      'Not saved: Slack answered 404 (channel_not_found). Check the webhook and paste it again.',
    );
    expect(gone.webhook).toBe('Slack webhook ••••••••oken');
    secretsNowhere();

    expect(api.saveSettings({ webhook: '' }).webhook).toBeNull();
    expect(w.rt.userProperties(w.rt.owner).data['vis.webhook']).toBeUndefined();
  });

  it.each([
    ['Slack', SLACK, 'slack'],
    ['Google Chat', CHAT, 'chat'],
  ])(
    'posts a schedule’s digest to %s, with or without the e-mail',
    async (_, hook, platform) => {
      w = await startWorld();
      list();
      expect(sidebar(w.rt).saveSettings({ webhook: hook }).refused).toBeNull();
      const r = sidebar(w.rt).saveSchedule(daily({ email: false, team: true, minChange: 10 }));
      expect(r.ok).toBe(true);
      await day();
      await moveAll(1);
      await day();
      const posts = (await w.emu.webhookPosts()).filter((p) => !p.body.includes('will post'));
      expect(posts).toHaveLength(1);
      expect(posts[0]).toMatchObject({ platform, status: 200 });
      const text = (JSON.parse(posts[0]!.body) as { text: string }).text;
      expect(text).toMatch(/^\*Visibility for Sheets: 6 changes in ".*"\*\n/);
      for (const b of brands) expect(text).toContain(b.brandName);
      expect(w.rt.mail.sent).toHaveLength(0);
      expect(lastResult()).toMatch(/ Alert: 6 changes\. Posted to the team channel\.$/);
      secretsNowhere();
    },
    60000,
  );

  it('says once that a webhook stopped working, posts to it no more, and the refresh still succeeds', async () => {
    w = await startWorld();
    list();
    sidebar(w.rt).saveSettings({ webhook: SLACK });
    sidebar(w.rt).saveSchedule(daily({ email: true, team: true, minChange: 10 }));
    await day();
    // The channel is archived after the webhook was saved.
    await w.emu.control('webhooks', { gone: 'services/T0001/B0002/s3cr3tSlackToken' });
    await moveAll(1);
    await day();
    expect(lastResult()).toMatch(
      /Alert e-mailed \(6 changes\)\. Team alert not posted: Slack answered 404 \(channel_not_found\): the webhook no longer works, so team alerts stop until you paste a new one in Settings\.$/,
    );
    expect(w.rt.mail.sent).toHaveLength(1);
    expect(sidebar(w.rt).getSchedules()[0]!.failures).toBe(0);
    expect(sidebar(w.rt).getSettings().webhookNotice).toMatch(/Slack answered 404/);
    const tried = (await w.emu.webhookPosts()).length;

    await moveAll(2);
    await day();
    // Said once: the next alert is e-mailed, the dead webhook is not tried again.
    expect(w.rt.mail.sent).toHaveLength(2);
    expect(await w.emu.webhookPosts()).toHaveLength(tried);
    expect(lastResult()).not.toMatch(/Team alert not posted/);
    secretsNowhere();

    // A new webhook clears the notice, and alerts go there.
    sidebar(w.rt).saveSettings({ webhook: CHAT });
    expect(sidebar(w.rt).getSettings().webhookNotice).toBeNull();
    await moveAll(3);
    await day();
    expect((await w.emu.webhookPosts()).at(-1)).toMatchObject({ platform: 'chat', status: 200 });
    expect(lastResult()).toMatch(/Alert e-mailed \(6 changes\)\. Posted to the team channel\.$/);
  }, 90000);
});
