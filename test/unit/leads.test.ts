import {
  checkWatch,
  checkYesAnswers,
  dailyCapOf,
  consentGiven,
  DRAIN_ROUNDS,
  drainsAgain,
  emailAddress,
  emptyStats,
  fillTemplate,
  isOpenLead,
  LEAD_STATUS,
  LEADS_PER_DAY,
  leadsLeftToday,
  mailKey,
  openLeads,
  planLeadMail,
  statsAfterRun,
  type LeadWatch,
  type ReportOutcome,
  withinToday,
} from '../../src/domain/leads';
import { DEFAULT_TEMPLATES } from '../../src/contract/leads';
import { addressKey, dayNumber, ledgerView } from '../../src/domain/leadLedger';

const TODAY = dayNumber(Date.UTC(2026, 10, 26));
import { emptyLedger, LEAD_WATCH } from './fakes';

const SHEETS = [
  {
    name: 'Form Responses 1',
    headers: ['Timestamp', 'Website', 'Email', 'Consent', 'Name'],
    form: true,
  },
  { name: 'CRM', headers: ['Added', 'Website'], form: false },
];

const WATCH: LeadWatch = {
  ...LEAD_WATCH,
  mail: { ...DEFAULT_TEMPLATES.preview, body: `Hi {Name},\n{report link}` },
};

const row = (n: number, cells: Record<string, unknown>, status = '') => ({
  row: n,
  cells: { Website: 'acme.com', Email: 'jo@acme.com', Consent: 'Yes', Name: 'Jo', ...cells },
  status,
});
const LINK: ReportOutcome = { link: 'https://app.example/r/1' };

describe('checkWatch', () => {
  it.each([
    [{}, 'Choose the sheet new leads arrive in.'],
    [{ sheetName: 'Form Responses 1' }, /holds each lead’s website/],
    [{ sheetName: 'Form Responses 1', website: 'Site' }, /holds each lead’s website/],
    [{ sheetName: 'Form Responses 1', website: 'Website', email: 'Mail' }, /e-mail column is not/],
    [
      { sheetName: 'Form Responses 1', website: 'Website', email: 'Email', body: 'no link here' },
      /Put \{report link\} in the message/,
    ],
    [
      {
        sheetName: 'Form Responses 1',
        website: 'Website',
        email: 'Email',
        subject: 'x'.repeat(151),
      },
      /keep it to 150/,
    ],
  ])('refuses %j in one sentence', (input, message) => {
    const checked = checkWatch(input, SHEETS);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(message);
  });
  it('keeps what was chosen, the default template when none is typed, and no template without e-mail', () => {
    const withMail = checkWatch(
      { sheetName: 'Form Responses 1', website: 'Website', email: 'Email', mode: 'link' },
      SHEETS,
    );
    expect(withMail).toEqual({
      ok: true,
      includeEarlier: false,
      watch: {
        sheetName: 'Form Responses 1',
        website: 'Website',
        email: 'Email',
        consent: null,
        consentYes: [],
        mode: 'link',
        mail: DEFAULT_TEMPLATES.link,
      },
    });
    const without = checkWatch(
      { sheetName: 'Form Responses 1', website: 'Website', includeEarlier: true, mode: 'other' },
      SHEETS,
    );
    expect(without.ok && [without.watch.mail, without.watch.mode, without.includeEarlier]).toEqual([
      null,
      'preview',
      true,
    ]);
  });
});

describe('a sheet no form fills', () => {
  // Every editor's rows there are leads: its owner says how many a day, and is told why.
  it.each([
    [undefined, /choose how many a day may spend your key/],
    [0, /\(1 to 200\)/],
    [201, /\(1 to 200\)/],
    [2.5, /\(1 to 200\)/],
  ])('refuses a daily cap of %j', (dailyCap, message) => {
    const r = checkWatch({ sheetName: 'CRM', website: 'Website', mode: 'link', dailyCap }, SHEETS);
    expect(r).toMatchObject({ ok: false, message: expect.stringMatching(message) });
  });
  it('keeps the cap chosen; a form’s sheet has none', () => {
    const crm = checkWatch(
      { sheetName: 'CRM', website: 'Website', mode: 'link', dailyCap: 20 },
      SHEETS,
    );
    expect(crm.ok && crm.watch.dailyCap).toBe(20);
    const form = checkWatch(
      { sheetName: 'Form Responses 1', website: 'Website', mode: 'link', dailyCap: 20 },
      SHEETS,
    );
    expect(form.ok && 'dailyCap' in form.watch).toBe(false);
    expect(leadsLeftToday(emptyStats(0), 0, dailyCapOf({ dailyCap: 20 }))).toBe(20);
    expect(dailyCapOf({ dailyCap: 5000 })).toBe(LEADS_PER_DAY);
  });
});

describe('the words a consent column, an address and a status hold', () => {
  it.each([
    ['Yes', true],
    // A yes with more words is the owner's to name (below), not a yes by itself.
    ['yes, send it', false],
    ['Yes.', true],
    ['YES!', true],
    [true, true],
    ['I agree', true],
    ['Ja', true],
    ['No', false],
    ['', false],
    [false, false],
    ['maybe', false],
    ['yesterday', false],
    ['✓', true],
    ['✔', true],
    ['Sí', true],
    ['x', true],
    ['I agree to receive the report by e-mail', false],
    ['y no', false],
    ['Yes, but do not e-mail me', false],
    ['I agree not to be contacted', false],
    ['yes I don’t', false],
    ['Yes - opt out', false],
    ['ok', false],
    // A yes that also says no is no (issue 71's attacks, each once a yes).
    ['Consent withheld', false],
    ['Opt-in: false', false],
    ['Yes, stop e-mailing me', false],
    ['Yes, remove me', false],
    ['Yes, I withdraw consent', false],
    ['Yes, ＮＯ', false],
    ['Yes, n\u200bo', false],
    ['Ja, nee', false],
    ['Oui, jamais', false],
    ['Sí, nunca', false],
    ['Ja, nicht', false],
    // Full-width and hidden characters do not hide a yes either.
    ['ＹＥＳ', true],
    ['\u200bYes', true],
    ['Yes please', false],
    ['Oui', true],
  ])('consent %j → %s', (value, given) => expect(consentGiven(value)).toBe(given));
  // The owner named her form's consent choice: that answer, word for word, is a yes.
  const formYes = ['I agree to receive the report by e-mail'];
  it.each([
    ['I agree to receive the report by e-mail', true],
    ['i agree to receive the  report by e-mail', true],
    ['I agree to receive the report by e-mail, but not today', false],
    ['I agree to receive the report', false],
    ['Yes', true],
  ])('with the form’s choice named, %j → %s', (value, given) =>
    expect(consentGiven(value, formYes)).toBe(given),
  );
  it.each([
    [['I agree to receive my report', ''], ['I agree to receive my report']],
    ['Yes please\nSend it', ['Yes please', 'Send it']],
    [['I do not agree'], /“I do not agree” also says no \(not\)/],
    [Array.from({ length: 6 }, (_, i) => `yes ${i}`), /at most 5/],
    [['y'.repeat(201)], /200 characters/],
    [42, []],
  ])('the owner’s answers %j → %j', (input, out) => {
    const checked = checkYesAnswers(input);
    if (out instanceof RegExp) expect(checked).toMatch(out);
    else expect(checked).toEqual(out);
  });
  it.each([
    ['Jo@Acme.com ', 'jo@acme.com'],
    ['jo@acme', null],
    ['Jo <jo@acme.com>', null],
    ['a@b.com, c@d.com', null],
    ['jo@acme.com\nBcc: x@y.com', null],
    [42, null],
  ])('address %j → %j', (value, address) => expect(emailAddress(value)).toBe(address));
  it('a blank or waiting row is open; a handled one is not', () => {
    expect(['', ' ', 'waits: the key was refused', LEAD_STATUS.tomorrow].map(isOpenLead)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(
      [LEAD_STATUS.earlier, LEAD_STATUS.emailed, LEAD_STATUS.noConsent, 'error: x'].map(isOpenLead),
    ).toEqual([false, false, false, false]);
  });
  it('a row without a website yet waits to be typed', () => {
    expect(openLeads([row(2, { Website: '' }), row(3, {}), row(4, {}, 'e-mailed')], WATCH)).toEqual(
      [row(3, {})],
    );
  });
});

describe('fillTemplate', () => {
  it('fills headers (any case), the website and the link; drops unknown placeholders', () => {
    expect(
      fillTemplate(
        'Hi {name}, {website}: {report link} {Nope}',
        { Name: 'Jo' },
        'acme.com',
        'https://r/1',
      ),
    ).toBe('Hi Jo, acme.com: https://r/1 ');
  });
  it('a responder’s answer cannot carry a link, a line break or a wall of text into the e-mail', () => {
    const filled = fillTemplate(
      '{Name}',
      {
        Name:
          'Jo\nclick https://evil.example/x or www.evil.example or evil.example/login ' +
          'a'.repeat(200),
      },
      'acme.com',
      'https://r/1',
    );
    expect(filled).not.toMatch(/evil\.example|\n/);
    expect(filled.length).toBeLessThanOrEqual(60);
  });
  it.each([
    'evil-login.com',
    'wwww.evil.example',
    'evil.example:8443/reset',
    '10.0.0.5/admin',
    'mailto:x@evil.example',
    'evil。example',
    'javascript:alert(1)',
    '//evil',
  ])('a link-like token in a lead’s answer (%s) is dropped, the name kept', (token) => {
    const filled = fillTemplate('{Name}', { Name: `Jo Jr. ${token} Smith` }, 'acme.com', 'x');
    expect(filled).toBe('Jo Jr. Smith');
  });
  it('right-to-left overrides and zero-width characters never reach the e-mail', () => {
    const [d] = planLeadMail(
      [{ ...row(2, { Name: 'J\u202eo\u200b' }), report: LINK }],
      { ...WATCH, mail: { subject: 'For {Name}\u2066', body: 'Hi {Name}\u200f {report link}' } },
      emptyLedger(),
      5,
    );
    expect('send' in d! && d.send.subject).toBe('For Jo');
    expect('send' in d! && d.send.body).toBe('Hi Jo https://app.example/r/1');
  });
});

describe('planLeadMail', () => {
  const plan = (rows: Parameters<typeof planLeadMail>[0], left = 10, ledger = emptyLedger()) =>
    planLeadMail(rows, WATCH, ledger, left);
  it('e-mails a consenting lead its link, from the template', () => {
    const [d] = plan([{ ...row(2, {}), report: LINK }]);
    expect(d).toEqual({
      row: 2,
      status: 'e-mailed',
      send: {
        to: 'jo@acme.com',
        subject: 'Your AI visibility report for acme.com',
        body: 'Hi Jo,\nhttps://app.example/r/1',
        key: mailKey('jo@acme.com', 'acme.com'),
        toKey: addressKey('jo@acme.com'),
      },
    });
  });
  it('says on its row why a lead got no e-mail', () => {
    const decisions = plan([
      { ...row(2, { Consent: 'No' }), report: LINK },
      { ...row(3, { Email: '' }), report: LINK },
      { ...row(4, { Email: 'not-an-address' }), report: LINK },
      { ...row(5, {}), report: { error: 'not a website' } },
      { ...row(6, {}), report: { waits: 'the key was refused' } },
    ]);
    expect(decisions).toEqual([
      { row: 2, status: 'no consent' },
      { row: 3, status: 'no e-mail address' },
      { row: 4, status: 'error: not an e-mail address' },
      { row: 5, status: 'error: not a website' },
      { row: 6, status: 'waits: the key was refused' },
    ]);
  });
  it('never twice to one address for one site, in one run or across runs', () => {
    const twice = plan([
      { ...row(2, {}), report: LINK },
      { ...row(3, { Website: 'https://www.ACME.com/' }), report: LINK },
      { ...row(4, { Website: 'other.com' }), report: LINK },
    ]);
    expect(twice.map((d) => d.status)).toEqual(['e-mailed', 'e-mailed before', 'e-mailed']);
    const sent = [
      { key: mailKey('jo@acme.com', 'acme.com'), to: addressKey('jo@acme.com'), day: TODAY - 80 },
    ];
    const later = plan([{ ...row(9, {}), report: LINK }], 10, ledgerView(sent, TODAY, 100));
    expect(later.map((d) => d.status)).toEqual(['e-mailed before']);
  });
  it('one address gets at most 3 e-mails a week, a new site in each response or not', () => {
    const flood = [2, 3, 4, 5, 6].map((n) => ({
      ...row(n, { Website: `site-${n}.com`, Email: 'victim@x.example' }),
      report: LINK,
    }));
    expect(plan(flood).map((d) => d.status)).toEqual([
      'e-mailed',
      'e-mailed',
      'e-mailed',
      LEAD_STATUS.weekly,
      LEAD_STATUS.weekly,
    ]);
    const lastWeek = [1, 2, 3].map((n) => ({
      key: `0000000${n}`,
      to: addressKey('victim@x.example'),
      day: TODAY - 6,
    }));
    expect(plan(flood.slice(0, 1), 10, ledgerView(lastWeek, TODAY, 100))[0]!.status).toBe(
      LEAD_STATUS.weekly,
    );
    const older = lastWeek.map((e) => ({ ...e, day: TODAY - 7 }));
    expect(plan(flood.slice(0, 1), 10, ledgerView(older, TODAY, 100))[0]!.status).toBe('e-mailed');
  });
  it('a full record makes e-mails wait rather than forget who was e-mailed', () => {
    const rows = [2, 3].map((n) => ({ ...row(n, { Email: `p${n}@acme.com` }), report: LINK }));
    expect(plan(rows, 10, emptyLedger(1)).map((d) => d.status)).toEqual([
      'e-mailed',
      expect.stringMatching(
        /^waits to e-mail: the record of e-mails sent in the last 90 days is full/,
      ),
    ]);
  });
  it('sends what the day’s recipients allow; the rest wait for tomorrow', () => {
    const rows = [2, 3, 4].map((n) => ({ ...row(n, { Email: `p${n}@acme.com` }), report: LINK }));
    expect(plan(rows, 2).map((d) => d.status)).toEqual([
      'e-mailed',
      'e-mailed',
      LEAD_STATUS.tomorrow,
    ]);
  });
  it('without an e-mail column the row says its report started, or that its link is written', () => {
    const rows = [{ ...row(2, {}), report: LINK }];
    expect(planLeadMail(rows, { ...WATCH, email: null, mail: null }, emptyLedger(), 5)).toEqual([
      { row: 2, status: 'report started' },
    ]);
    expect(
      planLeadMail(rows, { ...WATCH, email: null, mail: null, mode: 'link' }, emptyLedger(), 5),
    ).toEqual([{ row: 2, status: 'link written' }]);
  });
});

describe('without the permission to send e-mail', () => {
  it('the report is made and the e-mail waits for the permission, on its row', () => {
    const [d] = planLeadMail(
      [{ ...row(2, {}), report: LINK }],
      WATCH,
      emptyLedger(),
      10,
      'Report, alert and lead e-mails need permission to send e-mail as you',
    );
    expect(d).toEqual({
      row: 2,
      status:
        'waits to e-mail: Report, alert and lead e-mails need permission to send e-mail as you',
    });
  });
});

describe('withinToday', () => {
  it('takes rows in sheet order while the day’s allowance lasts, new or waiting alike', () => {
    const rows = [row(2, {}), row(3, {}, 'waits to e-mail: tomorrow'), row(4, {}), row(5, {})];
    const { now, held } = withinToday(rows, 1);
    expect(now.map((r) => r.row)).toEqual([2]);
    expect(held).toBe(3);
    expect(withinToday(rows, 2).now.map((r) => r.row)).toEqual([2, 3]);
    expect(withinToday(rows, 0).now).toEqual([]);
    expect(withinToday(rows, 10).held).toBe(0);
  });
  it('a pasted "waits: x" is no way around the cap', () => {
    const pasted = Array.from({ length: 600 }, (_, i) => row(i + 2, {}, 'waits: x'));
    expect(withinToday(pasted, LEADS_PER_DAY).now).toHaveLength(LEADS_PER_DAY);
  });
  it.each([
    ['waits: no key saved in Settings', { report: true, mail: false }, true],
    ['waits: no key saved in Settings', { report: false, mail: true }, false],
    ['waits to e-mail: tomorrow', { report: false, mail: true }, true],
    ['waits to e-mail: tomorrow', { report: true, mail: false }, false],
    ['', { report: true, mail: true }, false],
  ] as const)('a row saying %j, when %j holds, is left out: %s', (status, waits, out) => {
    expect(withinToday([row(2, {}, status)], 10, waits).now.length).toBe(out ? 0 : 1);
  });
});

describe('a watch’s counts', () => {
  const DAY = 86_400_000;
  const t = Date.UTC(2026, 10, 26, 10);
  const run = { isNew: 3, handled: 3, reports: 2, emails: 1, waiting: 1, unadmitted: 0 };

  it('adds a run to today’s counts and to the totals a digest counts from', () => {
    const once = statsAfterRun(emptyStats(t), run, t);
    const twice = statsAfterRun(once, { ...run, waiting: 0 }, t + 1000);
    expect(twice).toEqual({
      lastNewRow: t + 1000,
      day: '2026-11-26',
      reports: 4,
      emails: 2,
      handled: 6,
      waiting: 0,
      total: { leads: 6, reports: 4, emails: 2 },
    });
    expect(leadsLeftToday(twice, t)).toBe(LEADS_PER_DAY - 6);
  });

  it('starts today’s counts afresh on a new day, keeping the totals and the last new row', () => {
    const yesterday = statsAfterRun(emptyStats(t), run, t);
    const quiet = statsAfterRun(
      yesterday,
      { isNew: 0, handled: 0, reports: 0, emails: 0, waiting: 0, unadmitted: 2 },
      t + DAY,
    );
    // Rows a form did not deliver are counted for the owner's Accept, as they stand now.
    expect(quiet).toMatchObject({
      day: '2026-11-27',
      reports: 0,
      emails: 0,
      handled: 0,
      unadmitted: 2,
    });
    expect(quiet.lastNewRow).toBe(t);
    expect(quiet.total).toEqual({ leads: 3, reports: 2, emails: 1 });
    expect(leadsLeftToday(yesterday, t + DAY)).toBe(LEADS_PER_DAY);
  });

  it.each([-100000, Number.NaN, 'lots', 1e9])(
    'a count out of range (%j) lifts nothing',
    (handled) => {
      const forged = { ...emptyStats(t), handled: handled as number };
      expect(leadsLeftToday(forged, t)).toBe(0);
    },
  );
});

describe('a watch run draining a burst', () => {
  it.each([
    ['the sheet grew while it ran', 0, 40, 59, true],
    ['nothing arrived', 0, 40, 40, false],
    ['rows were deleted meanwhile', 0, 40, 38, false],
    ['its last round', DRAIN_ROUNDS - 1, 40, 59, false],
  ])('%s: %s', (_what, round, before, after, again) => {
    expect(drainsAgain(round, before, after)).toBe(again);
  });
});
