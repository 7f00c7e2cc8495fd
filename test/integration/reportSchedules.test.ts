// Send report on the built bundle and the emulated clock: a weekly schedule over three weeks draws
// one deck (redrawn in place, its link kept) from the list's latest readings and e-mails its link
// to the listed recipients once a week; a deck deleted meanwhile is made again; recipients past a
// day of e-mail are refused before saving, and a run past today's is said, the deck still drawn.
import { startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import type { Schedule } from '../../src/contract/schedules';
import { reportBook, sealedAs } from './reportBook';

let w: World;
afterEach(() => w?.close());

const HOUR = 3600 * 1000;

/** Acme against Beta and Gamma, every Monday at 8:00, to two addresses. */
const weekly: Schedule = {
  action: 'sendReport',
  sheetName: 'Clients',
  every: 'week',
  weekday: 1,
  hour: 8,
  report: {
    site: 'acme.com',
    competitors: ['beta.com', 'gamma.com'],
    weeks: 4,
    to: ['boss@client.com', 'team@agency.example'],
  },
};

/** Starts at the next Monday 00:30 (UTC, the runtime's default zone). */
async function mondayMorning(): Promise<void> {
  const now = new Date(w.rt.clock.now());
  const days = (8 - now.getUTCDay()) % 7 || 7;
  const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days, 0, 30);
  await w.elapse(target - now.getTime());
}

async function hours(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await w.elapse(HOUR);
}

const reports = () => w.rt.mail.sent.filter((m) => m.subject.startsWith('Acme'));
const runs = () =>
  (w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Visibility log')?.probe.rows ?? [])
    .slice(1)
    .filter((r) => String(r[2]?.value).startsWith('send report'))
    .map((r) => String(r[8]?.value));

describe('a weekly Send report schedule', () => {
  it('redraws one deck every Monday from the latest readings and e-mails its link to the list', async () => {
    w = await startWorld();
    await mondayMorning();
    const list = reportBook(w.rt, w.rt.clock.now());
    const api = sidebar(w.rt);
    const saved = api.saveSchedule(weekly);
    expect(saved).toMatchObject({ ok: true, schedule: { nextRunText: 'today at 8:00' } });

    await hours(9);
    expect(w.rt.slides.decks.size).toBe(1);
    const [deck] = [...w.rt.slides.decks.values()];
    expect(reports()).toHaveLength(1);
    expect(reports()[0]).toMatchObject({
      to: 'boss@client.com,team@agency.example',
      from: w.rt.owner,
    });
    expect(reports()[0]!.body).toContain(`https://docs.google.com/presentation/d/${deck!.id}/edit`);
    // White-label: nothing in the e-mail names the add-on.
    expect(JSON.stringify(reports()[0])).not.toMatch(/Visibility for Sheets/);
    expect(runs()[0]).toMatch(/^Deck made \(5 slides\): .* Link e-mailed to 2 recipients\.$/);
    const [view] = api.getSchedules();
    expect(view!.deckUrl).toBe(`https://docs.google.com/presentation/d/${deck!.id}/edit`);
    // The recipients are the owner's contacts: another editor sees how many, not who.
    expect(view!.report!.to).toEqual(['boss@client.com', 'team@agency.example']);
    const [theirs] = sidebar(w.rt, 'colleague@agency.example').getSchedules();
    expect([theirs!.report!.to, theirs!.recipients]).toEqual([[], 2]);

    // A week later the owner's Score recorded Acme at 68; meanwhile an editor typed into the
    // list's Brand and score cells, and added a later reading of their own to Score history (and
    // a seal copied from another row). The same deck shows the owner's recorded reading, one more
    // e-mail goes, and nothing the editor typed leaves the owner's account.
    const history = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Score history')!;
    const latest = history.probe.rows.at(-1)!.map((c) => c.value);
    const now = new Date(w.rt.clock.now());
    history.appendRow(
      sealedAs(w.rt, w.rt.owner, [now, ...latest.slice(1, 4), 68, ...latest.slice(5)]),
    );
    const later = new Date(now.getTime() + HOUR);
    const urgent = 'URGENT: account locked, sign in at https://evil.example';
    history.appendRow([later, latest[1]!, urgent, ...latest.slice(3, 4), 99, ...latest.slice(5)]);
    history.appendRow([later, latest[1]!, urgent, latest[3]!, 1e308, ...latest.slice(5)]);
    list.probe.rows[1]![1] = {
      value: 'URGENT: your account is suspended, sign in at https://evil.example',
    };
    list.probe.rows[1]![2] = { value: 99 };
    await hours(7 * 24);
    expect(w.rt.slides.decks.size).toBe(1);
    expect(reports()).toHaveLength(2);
    expect(deck!.slides[1]!.map((e) => e.text)).toContain('68');
    expect(JSON.stringify([reports()[1], deck!.slides])).not.toMatch(
      /URGENT|evil\.example|"99"|e\+308/,
    );
    expect(reports()[1]!.subject).toMatch(/^Acme: AI visibility/);
    expect(runs()[1]).toMatch(/^Deck updated \(5 slides\)/);

    // The person deleted the deck: the third week makes a new one and says so.
    w.rt.slides.decks.delete(deck!.id);
    await hours(7 * 24);
    expect(w.rt.slides.decks.size).toBe(1);
    expect(reports()).toHaveLength(3);
    expect(runs()[2]).toMatch(/^The deck was gone: a new one made/);
    expect(api.getSchedules()[0]!.deckUrl).not.toContain(deck!.id);
  });

  it('e-mails 60 recipients in two messages: Google takes 50 a message', async () => {
    w = await startWorld();
    await mondayMorning();
    reportBook(w.rt, w.rt.clock.now());
    const many = Array.from({ length: 60 }, (_, i) => `p${i}@client.com`);
    expect(
      sidebar(w.rt).saveSchedule({ ...weekly, report: { ...weekly.report!, to: many } }),
    ).toMatchObject({ ok: true });
    await hours(9);
    expect(reports().map((m) => m.to.split(',').length)).toEqual([50, 10]);
    expect(reports().flatMap((m) => m.to.split(','))).toEqual(many);
    expect(runs()[0]).toMatch(/Link e-mailed to 60 recipients\.$/);
  });

  it('refuses more recipients than a day of e-mail before saving, and says a run past today’s', async () => {
    w = await startWorld();
    await mondayMorning();
    reportBook(w.rt, w.rt.clock.now());
    const api = sidebar(w.rt);
    const many = Array.from({ length: 60 }, (_, i) => `p${i}@client.com`);
    expect(api.saveSchedule({ ...weekly, report: { ...weekly.report!, to: many } })).toMatchObject({
      ok: true,
    });
    const refused = api.saveSchedule({ ...weekly, report: { ...weekly.report!, to: many } });
    expect(refused).toMatchObject({
      ok: false,
      message:
        "These 60 recipients, with your other report schedules' 60, are more than the 100 Google lets you e-mail in a day: list fewer addresses.",
    });
    expect(api.getSchedules()).toHaveLength(1);

    w.rt.mail.remaining.set(w.rt.owner, 10);
    await hours(9);
    expect(w.rt.mail.sent).toHaveLength(0);
    expect(w.rt.slides.decks.size).toBe(1);
    expect(runs()[0]).toMatch(
      /^Deck made .* No e-mail sent: today's e-mail recipients are used up/,
    );
  });

  it('posts the link to the team’s Chat space too when asked, the same text as the e-mail', async () => {
    w = await startWorld();
    await mondayMorning();
    reportBook(w.rt, w.rt.clock.now());
    const api = sidebar(w.rt);
    const chat =
      'https://chat.googleapis.com/v1/spaces/AAAA1234/messages?key=chatKey&token=s3cr3tChatToken';
    expect(api.saveSettings({ webhook: chat }).refused).toBeNull();
    api.saveSchedule({ ...weekly, alert: { email: false, minChange: 10, team: true } });
    await hours(9);
    const posts = (await w.emu.webhookPosts()).filter((p) => !p.body.includes('will post'));
    expect(posts).toHaveLength(1);
    const [deck] = [...w.rt.slides.decks.values()];
    const text = (JSON.parse(posts[0]!.body) as { text: string }).text;
    expect(text).toMatch(/^\*Acme: AI visibility, .*\*\n/);
    expect(text).toContain(`https://docs.google.com/presentation/d/${deck!.id}/edit`);
    expect(reports()).toHaveLength(1);
    expect(runs()[0]).toMatch(/Link e-mailed to 2 recipients\. Posted to the team channel\.$/);
  });

  it('fails with its reason when the brand left the list, and never sends a deck of nothing', async () => {
    w = await startWorld();
    await mondayMorning();
    reportBook(w.rt, w.rt.clock.now());
    sidebar(w.rt).saveSchedule({ ...weekly, report: { ...weekly.report!, site: 'gone.com' } });
    await hours(9);
    expect(w.rt.slides.decks.size).toBe(0);
    expect(w.rt.mail.sent).toHaveLength(0);
    expect(runs()[0]).toBe(
      'failed: gone.com is no longer in "Clients": put its row back or edit the schedule',
    );
  });
});
