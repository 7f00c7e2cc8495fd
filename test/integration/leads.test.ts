// Lead magnets on the built bundle: a watched form's responses get their report within the event,
// rows a CRM's sync adds to a sheet no form fills within the hour (a form's sheet takes only what
// its form delivers, and the rows its owner accepts), each lead its link by e-mail with consent only,
// never twice, within the day's recipients; without a key the no-cost link; two teammates each
// watching their own sheet.
import type { Spreadsheet } from '../../dev/gas-runtime/spreadsheet';
import { INDEX } from '../../dev/emulator/brandIndex';
import { prospectsAtHalfPastMidnight, records, startWorld, type World } from './harness';
import { sidebar } from '../sidebarApi';
import { answer, FORM, WATCH } from './leadForm';

let w: World;
afterEach(() => w?.close());

const ANA = 'ana@agency.example';
const BEN = 'ben@agency.example';
const HOUR = 3600 * 1000;
/** The form's responses sheet with rows already in it, as a form that ran before the watch. */
function formWithEarlierRows(book: Spreadsheet): void {
  w.rt.submitForm(FORM, answer('early-one.com', 'e1@early.example'), { spreadsheet: book });
  w.rt.submitForm(FORM, answer('early-two.com', 'e2@early.example'), { spreadsheet: book });
}

const rowsOf = (book: Spreadsheet, sheet = FORM) => records(book.getSheetByName(sheet)!);
/** The `Lead status` of the rows after the two `formWithEarlierRows` put there. */
const newRowStatuses = (book: Spreadsheet) =>
  rowsOf(book)
    .slice(2)
    .map((r) => r['Lead status']);
const previewPosts = () =>
  w.rt.fetchStats.log.filter((l) => l.method === 'post' && l.url.includes('scan-preview'));

describe('a watched form', () => {
  it('counts a consent answer as yes only when it is a plain yes or the choice the owner named', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    const choice = 'I agree to receive my report by e-mail';
    // An answer that also says no cannot be named as a yes: refused before saving, in words.
    expect(
      sidebar(w.rt, ANA).saveLeadWatch({ ...WATCH, consentYes: ['I do not agree'] }),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/also says no/) });
    expect(sidebar(w.rt, ANA).saveLeadWatch({ ...WATCH, consentYes: [choice] })).toMatchObject({
      ok: true,
    });
    expect(sidebar(w.rt, ANA).getLeads().watches[0]!.consentYes).toEqual([choice]);
    w.rt.submitForm(FORM, answer('nike.com', 'jo@nike.example', choice));
    w.rt.submitForm(FORM, answer('stripe.com', 'pat@stripe.example', 'Yes, send it'));
    w.rt.submitForm(FORM, answer('hubspot.com', 'sam@hubspot.example', 'Yes'));
    w.rt.submitForm(FORM, answer('figma.com', 'al@figma.example', `${choice}, but not today`));
    expect(newRowStatuses(book)).toEqual(['e-mailed', 'no consent', 'e-mailed', 'no consent']);
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(['jo@nike.example', 'sam@hubspot.example']);
  });

  it('handles each response within its event: report, status, and the link to consenting leads only', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    const saved = sidebar(w.rt, ANA).saveLeadWatch(WATCH);
    expect(saved).toMatchObject({ ok: true });
    expect(saved.message).toMatch(/within seconds/);
    expect(saved.message).toMatch(/The 2 rows already there say "earlier row"/);
    w.rt.submitForm(FORM, answer('nike.com', 'Jo@Nike.example'));
    w.rt.submitForm(FORM, answer('stripe.com', 'pat@stripe.example', 'No'));
    w.rt.submitForm(FORM, answer('hubspot.com', 'not an address'));
    w.rt.submitForm(FORM, answer('not a site', 'sam@x.example'));
    const rows = rowsOf(book);
    expect(rows.map((r) => r['Lead status'])).toEqual([
      'earlier row',
      'earlier row',
      'e-mailed',
      'no consent',
      'error: not an e-mail address',
      expect.stringMatching(/^error: not a website/),
    ]);
    expect(rows.slice(2, 5).map((r) => r['Preview status'])).toEqual([
      'pending',
      'pending',
      'pending',
    ]);
    expect(rows[0]!['Preview status']).toBe('');
    expect(previewPosts()).toHaveLength(3);
    // One e-mail, to the consenting lead, from the owner, with the row's own report link.
    expect(w.rt.mail.sent).toHaveLength(1);
    const [mail] = w.rt.mail.sent;
    expect(mail).toMatchObject({ to: 'jo@nike.example', from: ANA, subject: 'Your report, Jo' });
    expect(mail!.body).toBe(`Hi Jo,\n\nHere it is: ${rows[2]!['Report URL']}`);
    expect(mail!.body).not.toMatch(/Visibility for Sheets|add-on/i);
    expect(rows[2]!['Lead e-mailed']).toBeInstanceOf(Date);
    // Today's counts (read now: two hours on, the machine's clock may be in tomorrow).
    const view = sidebar(w.rt, ANA).getLeads();
    expect(view.watches[0]).toMatchObject({
      mine: true,
      reportsToday: 3,
      emailsToday: 1,
      owner: ANA,
    });
    // The scores fill in later, as previews do.
    await w.elapse(2 * HOUR);
    expect(rowsOf(book)[2]!['Preview status']).toBe('complete');
    expect(w.rt.mail.sent).toHaveLength(1);
  });

  it('a lead e-mailed costs the owner three property calls more than one not e-mailed: her records read afresh once, when her lock is taken', async () => {
    const used = async (consent: string) => {
      w = await startWorld({ owner: ANA });
      formWithEarlierRows(w.rt.spreadsheet);
      expect(sidebar(w.rt, ANA).saveLeadWatch(WATCH)).toMatchObject({ ok: true });
      // A first response's run, so the one measured finds the watch's records as a later one does.
      w.rt.submitForm(FORM, answer('slack.com', 'first@slack.example', 'No'));
      const before = w.rt.propertiesUsedToday(ANA);
      w.rt.submitForm(FORM, answer('nike.com', 'jo@nike.example', consent));
      const calls = w.rt.propertiesUsedToday(ANA) - before;
      await w.close();
      return calls;
    };
    const notMailed = await used('No');
    const mailed = await used('Yes');
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(['jo@nike.example']);
    // 4 before the lead runs moved onto the kit, 5 just after (the ledger's check and its record
    // each read her records again under the lock that had just read them).
    expect(mailed - notMailed).toBe(3);
  });

  it('a repeated event sends nothing twice; a lost one waits for the owner’s Accept, then goes', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    sidebar(w.rt, ANA).saveLeadWatch(WATCH);
    w.rt.submitForm(FORM, answer('nike.com', 'jo@nike.example'), { events: 2 });
    expect(previewPosts()).toHaveLength(1);
    expect(w.rt.mail.sent).toHaveLength(1);
    w.rt.submitForm(FORM, answer('slack.com', 'al@slack.example'), { events: 0 });
    expect(rowsOf(book)[3]!['Lead status']).toBe('');
    // No event delivered it: to the hourly run it is a row anyone could have pasted, and it
    // spends nothing until Ana says it is a lead.
    await w.elapse(HOUR + 60000);
    expect(rowsOf(book)[3]!['Lead status']).toBe('');
    expect(previewPosts()).toHaveLength(1);
    const [watch] = sidebar(w.rt, ANA).getLeads().watches;
    expect(watch!.awaitingYou).toBe(1);
    // Ben, an editor, sees it waits for Ana, and cannot accept it.
    expect(sidebar(w.rt, BEN).acceptLeadRows(watch!.id)).toMatchObject({ ok: false });
    expect(sidebar(w.rt, ANA).acceptLeadRows(watch!.id).message).toMatch(
      /^1 row accepted as leads: reports on your key, e-mailed from your account/,
    );
    expect(rowsOf(book)[3]!['Lead status']).toBe('e-mailed');
    expect(sidebar(w.rt, ANA).getLeads().watches[0]!.awaitingYou).toBe(0);
    expect(previewPosts()).toHaveLength(2);
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(['jo@nike.example', 'al@slack.example']);
    // A lead who fills the form twice for one site gets one e-mail.
    w.rt.submitForm(FORM, answer('https://www.slack.com/', 'AL@slack.example'));
    expect(rowsOf(book)[4]!['Lead status']).toBe('e-mailed before');
    expect(w.rt.mail.sent).toHaveLength(2);
  });

  it('on a sheet a CRM syncs (no form), rows it adds are handled within the hour, wherever sorted', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    const sheet = book.insertSheet('CRM');
    sheet.getRange(1, 1, 3, 3).setValues([
      ['Added', 'Name', 'Your website'],
      [new Date(w.rt.clock.now()), 'Early', 'early-one.com'],
      [new Date(w.rt.clock.now()), 'Early', 'early-two.com'],
    ]);
    // Every editor's rows there are leads: the owner is told so as she chooses it.
    const crm = { ...WATCH, sheetName: 'CRM', email: '', consent: '' };
    // Every editor's rows there are leads: the owner chooses how many a day, told why.
    expect(sidebar(w.rt, ANA).saveLeadWatch(crm)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/choose how many a day may spend your key/),
    });
    const saved = sidebar(w.rt, ANA).saveLeadWatch({ ...crm, dailyCap: 20 });
    expect(saved.message).toMatch(
      /Any editor's rows in this sheet are leads: they spend your key and send e-mail from your account \(at most 20 a day, your choice\)/,
    );
    const row = (site: string) => [new Date(w.rt.clock.now()), 'Sync', site];
    sheet.getRange(4, 1, 2, 3).setValues([row('zoom.us'), row('apple.com')]);
    sheet.sort(3); // by website: the new rows move among the earlier ones
    await w.elapse(HOUR + 60000);
    const rows = rowsOf(book, 'CRM');
    const bySite = new Map(rows.map((r) => [r['Your website'], r['Lead status']]));
    expect(Object.fromEntries(bySite)).toEqual({
      'apple.com': 'report started',
      'early-one.com': 'earlier row',
      'early-two.com': 'earlier row',
      'zoom.us': 'report started',
    });
    expect(previewPosts()).toHaveLength(2);
  });

  it('rows an editor pastes into a form’s sheet are no leads: nothing spent or mailed until the owner accepts them', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    const saved = sidebar(w.rt, ANA).saveLeadWatch(WATCH);
    expect(saved.message).not.toMatch(/Any editor's rows/);
    // Ben pastes 600 rows under the responses, with addresses and a consent he typed.
    const sheet = book.getSheetByName(FORM)!;
    const header = sheet.getRange(1, 1, 1, sheet.getLastColumn()).getValues()[0]!.map(String);
    const pasted = Array.from({ length: 600 }, (_, i) =>
      header.map((h, c) =>
        c === 0
          ? new Date(w.rt.clock.now())
          : ((
              {
                Name: 'Victim',
                'Your website': `pasted-${i}.com`,
                'Work e-mail': `victim+${i}@mail.example`,
                'May we e-mail you the report?': 'Yes',
              } as Record<string, string>
            )[h] ?? ''),
      ),
    );
    sheet.getRange(4, 1, 600, header.length).setValues(pasted);
    await w.elapse(3 * HOUR);
    expect(previewPosts()).toHaveLength(0);
    expect(w.rt.mail.sent).toHaveLength(0);
    // A real response still goes at once; the view says how many rows wait for Ana.
    w.rt.submitForm(FORM, answer('nike.com', 'jo@nike.example'));
    expect(previewPosts()).toHaveLength(1);
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(['jo@nike.example']);
    const [watch] = sidebar(w.rt, BEN).getLeads().watches;
    expect([watch!.awaitingYou, watch!.mine]).toEqual([600, false]);
  });

  it('when the day’s e-mails run out, the rest wait on their rows and go the next day', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    sidebar(w.rt, ANA).saveLeadWatch(WATCH);
    w.rt.mail.remaining.set(ANA, 7); // five are kept for the schedules' alerts
    for (const n of [1, 2, 3, 4])
      w.rt.submitForm(FORM, answer(`site-${n}.com`, `p${n}@lead.example`));
    expect(newRowStatuses(book)).toEqual([
      'e-mailed',
      'e-mailed',
      'waits to e-mail: the day’s e-mails are used, tomorrow',
      'waits to e-mail: the day’s e-mails are used, tomorrow',
    ]);
    expect(sidebar(w.rt, ANA).getLeads().watches[0]!.waiting).toBe(2);
    // The day's e-mails come back at the next UTC day: 25 hours hold an hourly firing after it,
    // whatever the hour the test starts (24 did not, started just after midnight).
    await w.elapse(25 * HOUR);
    expect(newRowStatuses(book)).toEqual(['e-mailed', 'e-mailed', 'e-mailed', 'e-mailed']);
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual([1, 2, 3, 4].map((n) => `p${n}@lead.example`));
    expect(previewPosts()).toHaveLength(4);
  });
});

describe('without a key', () => {
  it('writes the no-cost trigger link, e-mails it, and spends no request', async () => {
    w = await startWorld({ owner: ANA, apiKey: null });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    const leads = sidebar(w.rt, ANA);
    expect(leads.saveLeadWatch(WATCH)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/no-cost link/),
    });
    expect(leads.saveLeadWatch({ ...WATCH, mode: 'link', subject: '', body: '' })).toMatchObject({
      ok: true,
    });
    w.rt.submitForm(FORM, answer('https://www.Nike.com/', 'jo@nike.example'));
    const [row] = rowsOf(book).slice(2);
    const base = leads.getSettings().baseUrl.replace(/\/$/, '');
    expect(row!['Report URL']).toBe(
      `${base}/?report=${encodeURIComponent('https://www.nike.com/')}`,
    );
    expect(row!['Lead status']).toBe('e-mailed');
    expect(w.rt.mail.sent[0]!.body).toContain(String(row!['Report URL']));
    // The message it starts with says what the link does: sign in first, the report made then.
    expect(w.rt.mail.sent[0]!.body).toMatch(/sign in first/);
    expect(w.rt.fetchStats.log).toHaveLength(0);
    // The log counts a link as a link: nothing was scanned yet.
    const log = rowsOf(book, 'Visibility log').map((r) => String(Object.values(r).join(' | ')));
    expect(log.find((l) => l.includes('lead watch'))).toMatch(/1 new lead, 1 link, 1 e-mailed/);
  });
});

describe('two teammates, each watching their own sheet', () => {
  it('each response is handled by its sheet’s watcher, with their key and their e-mail', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    const [ana, ben] = [sidebar(w.rt, ANA), sidebar(w.rt, BEN)];
    ben.saveSettings({ baseUrl: ana.getSettings().baseUrl, apiKey: 'demo-starter-key' });
    formWithEarlierRows(book);
    w.rt.submitForm('Webinar', answer('early.com', 'x@early.example'));
    expect(ana.saveLeadWatch(WATCH)).toMatchObject({ ok: true });
    expect(ben.saveLeadWatch({ ...WATCH, sheetName: 'Webinar' })).toMatchObject({ ok: true });
    // Ben may not take Ana's sheet, nor stop her watch.
    expect(ben.saveLeadWatch(WATCH)).toMatchObject({
      ok: false,
      message: `${ANA} watches this sheet already.`,
    });
    const anas = ben.getLeads().watches.find((x) => x.owner === ANA)!;
    expect(anas.mail).toBeNull();
    expect(ben.deleteLeadWatch(anas.id)).toMatchObject({ ok: false });
    w.rt.submitForm(FORM, answer('nike.com', 'jo@nike.example'));
    w.rt.submitForm('Webinar', answer('slack.com', 'al@slack.example'));
    expect(rowsOf(book)[2]!['Requested by']).toBe(ANA);
    expect(rowsOf(book, 'Webinar')[1]!['Requested by']).toBe(BEN);
    expect(w.rt.mail.sent.map((m) => [m.from, m.to])).toEqual([
      [ANA, 'jo@nike.example'],
      [BEN, 'al@slack.example'],
    ]);
    const keys = previewPosts().map((l) => l.key);
    expect(keys).toEqual(['demo-pro-key', 'demo-starter-key']);
    // Stopping her last watch removes Ana's form trigger, and only hers.
    expect(ana.deleteLeadWatch(anas.id)).toMatchObject({ ok: true });
    expect(w.rt.triggers.formSubmitTriggers(book.id).map((t) => t.user)).toEqual([BEN]);
  });
});

describe('the daily digest', () => {
  it('says what the owner’s lead watches did since the last digest', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    const brands = INDEX.filter((b) => !b.domain.endsWith('.example')).slice(0, 4);
    prospectsAtHalfPastMidnight(
      w.rt,
      brands.map((b) => b.domain),
    );
    const me = sidebar(w.rt, ANA);
    me.saveSchedule({
      action: 'refreshScores',
      sheetName: 'Prospects',
      every: 'day',
      hour: 9,
      refresh: 'all',
      alert: { email: true, minChange: 10 },
    });
    for (let i = 0; i < 24; i++) await w.elapse(HOUR); // the first run: the list's scores
    formWithEarlierRows(book);
    me.saveLeadWatch(WATCH);
    w.rt.submitForm(FORM, answer('nike.com', 'jo@nike.example'));
    w.rt.submitForm(FORM, answer('slack.com', 'al@slack.example', 'No'));
    await w.emu.moveBrands(
      brands.map((b) => ({
        brand: b.domain,
        overallScore: b.overallScore > 50 ? b.overallScore - 20 : b.overallScore + 20,
        lastScanDate: '2026-12-01T06:00:00.000Z',
      })),
    );
    for (let i = 0; i < 24; i++) await w.elapse(HOUR);
    const digest = w.rt.mail.sent.find((m) => m.to === ANA);
    expect(digest?.body).toMatch(
      /\n\nLead watches since the last digest: 2 new leads, 2 reports, 1 e-mailed\.$/,
    );
  });
});

describe('permissions the owner left unticked', () => {
  const AUTH = 'https://www.googleapis.com/auth/';
  it('without e-mail the rows wait, and go once it is granted; without background runs, nothing until then', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    w.rt.untickScope(ANA, `${AUTH}script.send_mail`);
    w.rt.untickScope(ANA, `${AUTH}script.scriptapp`);
    const saved = sidebar(w.rt, ANA).saveLeadWatch(WATCH);
    expect(saved.message).toMatch(/New rows wait until you grant it: .*run in the background/);
    w.rt.submitForm(FORM, answer('nike.com', 'jo@nike.example'));
    await w.elapse(2 * HOUR);
    expect(rowsOf(book)[2]!['Lead status']).toBe('');
    // Background runs granted: the Leads tab makes the form trigger; e-mail still waits.
    w.rt.grantAllScopes(ANA);
    w.rt.untickScope(ANA, `${AUTH}script.send_mail`);
    const [watch] = sidebar(w.rt, ANA).getLeads().watches;
    w.rt.submitForm(FORM, answer('slack.com', 'al@slack.example'));
    // The response that came while no trigger listened was delivered to nobody: Ana takes it.
    expect(sidebar(w.rt, ANA).getLeads().watches[0]!.awaitingYou).toBe(1);
    sidebar(w.rt, ANA).acceptLeadRows(watch!.id);
    expect(
      rowsOf(book)
        .slice(2)
        .map((r) => r['Lead status']),
    ).toEqual([
      'waits to e-mail: Report, alert and lead e-mails need permission to send e-mail as you',
      'waits to e-mail: Report, alert and lead e-mails need permission to send e-mail as you',
    ]);
    expect(w.rt.mail.sent).toHaveLength(0);
    w.rt.grantAllScopes(ANA);
    sidebar(w.rt, ANA).pollPendingPreviews(); // a sidebar poll remakes the hourly trigger
    await w.elapse(HOUR + 60000);
    expect(
      rowsOf(book)
        .slice(2)
        .map((r) => r['Lead status']),
    ).toEqual(['e-mailed', 'e-mailed']);
    expect(previewPosts()).toHaveLength(2);
  });
});

describe('an e-mail that cannot go after all', () => {
  it('leaves no record: its row waits, and it goes the next day', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    sidebar(w.rt, ANA).saveLeadWatch(WATCH);
    w.rt.submitForm(FORM, answer('nike.com', 'jo@nike.example'), { events: 0 });
    w.rt.submitForm(FORM, answer('slack.com', 'al@slack.example'), { events: 0 });
    // Delivered by no event, both wait for Ana, who accepts them; another of her executions
    // spends the day's e-mails between that run's plan and its sending.
    const [watch] = sidebar(w.rt, ANA).getLeads().watches;
    w.rt.run('acceptLeadRows', [watch!.id], {
      user: ANA,
      interleave: {
        at: { call: 'MailApp.getRemainingDailyQuota', nth: 2 },
        run: () => void w.rt.mail.remaining.set(ANA, 0),
      },
    });
    expect(newRowStatuses(book)).toEqual([
      'waits to e-mail: the day’s e-mails are used, tomorrow',
      'waits to e-mail: the day’s e-mails are used, tomorrow',
    ]);
    expect(w.rt.mail.sent).toHaveLength(0);
    await w.elapse(25 * HOUR); // an hourly firing after the next UTC day began, whenever it starts
    expect(newRowStatuses(book)).toEqual(['e-mailed', 'e-mailed']);
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(['jo@nike.example', 'al@slack.example']);
  });
});

describe('a watched sheet renamed, then deleted', () => {
  it('is still watched, under its new name; deleted, the watch says so', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    sidebar(w.rt, ANA).saveLeadWatch(WATCH);
    book.getSheetByName(FORM)!.setName('Webinar leads');
    w.rt.submitForm('Webinar leads', answer('nike.com', 'jo@nike.example'));
    expect(rowsOf(book, 'Webinar leads')[2]!['Lead status']).toBe('e-mailed');
    expect(sidebar(w.rt, ANA).getLeads().watches[0]!.sheetName).toBe('Webinar leads');
    // Deleted, it says so.
    book.deleteSheet(book.getSheetByName('Webinar leads')!);
    expect(sidebar(w.rt, ANA).getLeads().watches[0]).toMatchObject({ gone: true });
  });
});

describe('a dropping connection', () => {
  it('leads whose previews got no answer are sent again by the next runs, not left in error', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    expect(sidebar(w.rt, ANA).saveLeadWatch(WATCH)).toMatchObject({ ok: true });
    await w.emu.faults({ rateDrop: 0.5, seed: 5 });
    for (let i = 0; i < 10; i++)
      w.rt.submitForm(FORM, answer(`dropped-${i}.com`, `p${i}@lead.example`));
    const during = newRowStatuses(book);
    expect(during.some((s) => /^waits: the service did not answer/.test(String(s)))).toBe(true);
    await w.emu.faults({});
    await w.elapse(HOUR + 60000);
    expect(newRowStatuses(book)).toEqual(new Array(10).fill('e-mailed'));
    expect(w.rt.mail.sent).toHaveLength(10);
  });
});

describe('a burst of responses', () => {
  it('20 within seconds are handled by the runs of the burst, not left to the hourly run', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    sidebar(w.rt, ANA).saveLeadWatch(WATCH);
    const sites = Array.from({ length: 20 }, (_, i) => `burst-${i}.com`);
    // Google runs a burst's triggers at once: while the first response's run waits on the
    // service, the other 19 arrive, and each of their runs finds the document claimed.
    const submit = (i: number) =>
      w.rt.submitForm(FORM, answer(sites[i]!, `lead${i}@burst.example`), { events: 0 });
    submit(0);
    const sheet = book.getSheetByName(FORM)!;
    w.rt.run('onLeadResponse', [{ range: sheet.getRange(sheet.getLastRow(), 1) }], {
      mode: 'trigger',
      user: ANA,
      interleave: {
        at: { call: 'UrlFetchApp.fetchAll', nth: 1 },
        run: () => {
          for (let i = 1; i < 20; i++) {
            submit(i);
            w.rt.run('onLeadResponse', [{ range: sheet.getRange(sheet.getLastRow(), 1) }], {
              mode: 'trigger',
              user: ANA,
            });
          }
        },
      },
    });
    // No hourly firing has run: every row was handled by the burst's own runs.
    expect(newRowStatuses(book)).toEqual(new Array(20).fill('e-mailed'));
    expect(previewPosts()).toHaveLength(20);
    expect(w.rt.mail.sent.map((m) => m.to).sort()).toEqual(
      sites.map((_, i) => `lead${i}@burst.example`).sort(),
    );
  });
});

describe('a run whose e-mails take minutes', () => {
  it('six e-mails taking three minutes, a response arriving meanwhile: each lead previewed and e-mailed once', async () => {
    // Each e-mail takes 30 s: six take three minutes, past the two a claim lives unrenewed (the
    // run renews it before each e-mail: watchRun.test.ts).
    w = await startWorld({ owner: ANA, mailSendMs: 30_000 });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    const saved = sidebar(w.rt, ANA).saveLeadWatch(WATCH);
    for (let i = 0; i < 6; i++)
      w.rt.submitForm(FORM, answer(`slow-${i}.com`, `p${i}@slow.example`), { events: 0 });
    // Ana accepts the six; at her run's fifth e-mail a new response arrives, with its event.
    w.rt.run('acceptLeadRows', [saved.view.watches[0]!.id], {
      user: ANA,
      interleave: {
        at: { call: 'MailApp.sendEmail', nth: 5 },
        run: () => void w.rt.submitForm(FORM, answer('late.com', 'late@slow.example')),
      },
    });
    expect(newRowStatuses(book)).toEqual(new Array(7).fill('e-mailed'));
    expect(previewPosts()).toHaveLength(7);
    expect((await w.emu.stats()).duplicatePreviews).toBe(0);
    expect(w.rt.mail.sent).toHaveLength(7);
  });
});

describe('a burst the runtime starts at once (T5)', () => {
  it.each(['*', 'UrlFetchApp.fetchAll', 'Lock.tryLock'])(
    '10 responses whose runs overlap from their first %s call: each lead gets one preview and one e-mail',
    async (at) => {
      w = await startWorld({ owner: ANA });
      const book = w.rt.spreadsheet;
      formWithEarlierRows(book);
      sidebar(w.rt, ANA).saveLeadWatch(WATCH);
      const sites = Array.from({ length: 10 }, (_, i) => `together-${i}.com`);
      w.rt.submitFormBurst(
        FORM,
        sites.map((s, i) => answer(s, `lead${i}@together.example`)),
        { at },
      );
      // The runs did reach that call, so they overlapped there.
      if (at !== '*') expect(w.rt.counts[at]).toBeGreaterThan(0);
      // Then the hourly safety net, for whatever the burst's own runs left.
      await w.elapse(HOUR);
      expect(newRowStatuses(book)).toEqual(new Array(10).fill('e-mailed'));
      expect(previewPosts()).toHaveLength(10);
      expect(w.rt.mail.sent.map((m) => m.to).sort()).toEqual(
        sites.map((_, i) => `lead${i}@together.example`).sort(),
      );
      // The Visibility log counts the requests the watch's runs sent: the ten previews (one line
      // each run; the sidebar shows only the last ten lines, so the sheet is read).
      const lines = records(book.getSheetByName('Visibility log')!).filter(
        (l) => l['Action'] === 'lead watch',
      );
      expect(lines.reduce((n, l) => n + Number(l['Requests']), 0)).toBe(10);
    },
  );
});

describe('an edited response', () => {
  it('a lead who corrects their address gets the report at the new one, once; an edit that keeps the address sends nothing more', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    formWithEarlierRows(book);
    sidebar(w.rt, ANA).saveLeadWatch(WATCH);
    const row = w.rt.submitForm(FORM, answer('nike.com', 'jo@nkie.example'));
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(['jo@nkie.example']);
    // Jo saw the typo and edited the response: Forms rewrites the row and fires again.
    w.rt.editFormResponse(FORM, row, { 'Work e-mail': 'jo@nike.example' });
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(['jo@nkie.example', 'jo@nike.example']);
    // No second preview for nike.com: its row keeps the one made. A preview that was in its row
    // before this run is sent as the no-cost link for its site (never a link from a cell).
    expect(previewPosts()).toHaveLength(1);
    expect(w.rt.mail.sent[1]!.body).toMatch(/\?report=https%3A%2F%2Fnike\.com%2F$/);
    // Edited again with the same address (the name corrected): nothing goes twice.
    w.rt.editFormResponse(FORM, row, { Name: 'Joanna' });
    await w.elapse(HOUR);
    expect(w.rt.mail.sent).toHaveLength(2);
    expect(newRowStatuses(book)).toEqual(['e-mailed before']);
  });
});

describe('a responses sheet someone protected', () => {
  it('says which range and who can let the watch write, loses nothing, and finishes once allowed', async () => {
    w = await startWorld({ owner: ANA });
    const book = w.rt.spreadsheet;
    book.owner = 'cam@agency.example';
    formWithEarlierRows(book);
    sidebar(w.rt, ANA).saveLeadWatch(WATCH);
    // Ben protects the responses sheet; Ana's trigger runs as Ana, who may not edit it.
    const sheet = book.getSheetByName(FORM)!;
    const protection = sheet.probe.protect(null, [BEN], 'Form responses: ask Ben');
    w.rt.submitForm(FORM, answer('nike.com', 'jo@nike.example'));
    expect(w.rt.logs.at(-1)).toMatch(
      /Nothing could be written here: the sheet "Form Responses 1" is protected \("Form responses: ask Ben"\), and ana@agency\.example may not edit it: cam@agency\.example, ben@agency\.example can add ana@agency\.example to its editors/,
    );
    await w.elapse(HOUR);
    const log = records(book.getSheetByName('Visibility log')!);
    expect(log.map((l) => String(l['Result']))).toContainEqual(
      expect.stringMatching(/^failed: Nothing could be written here: the sheet "Form Responses 1"/),
    );
    expect(w.rt.mail.sent).toHaveLength(0);
    // Ben lets Ana edit it: the next run writes the row, its preview made once, its e-mail once.
    protection.editors.push(ANA);
    await w.elapse(HOUR);
    expect(newRowStatuses(book)).toEqual(['e-mailed']);
    expect(previewPosts()).toHaveLength(1);
    expect(w.rt.mail.sent.map((m) => m.to)).toEqual(['jo@nike.example']);
  });
});
