// The report deck decided from plain data: what each slide says when readings are there, and when
// they are not (no score, no history, one reading, an engine not queried); branding checked.
import { brandingOf, checkBranding, DEFAULT_BRANDING } from '../../src/domain/branding';
import { planReport, type ReportInput, type ReportRow } from '../../src/domain/report';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 24);
const row = (over: Partial<ReportRow> = {}): ReportRow => ({
  row: 2,
  site: 'acme.com',
  name: 'Acme',
  score: 60,
  engines: { chatgpt: 70, claude: 50, gemini: 60, aio: '' },
  lastScanned: NOW - DAY,
  reportUrl: '',
  ...over,
});
const input = (over: Partial<ReportInput> = {}): ReportInput => ({
  sheet: 'List',
  brand: row(),
  competitors: [],
  history: [],
  weeks: 4,
  now: NOW,
  branding: DEFAULT_BRANDING,
  day: (t) => new Date(t).toISOString().slice(0, 10),
  ...over,
});
const texts = (i: ReportInput, slide: number) => {
  const plan = planReport(i);
  if (!plan.ok) throw new Error(plan.message);
  return plan.deck.slides[slide]!.map((b) => b.text ?? '').join(' | ');
};

describe('planReport', () => {
  it.each([
    ['a blank score', ''],
    ['an error in the cell', 'error: not found'],
  ])('refuses a brand row with %s, in words', (_, score) => {
    expect(planReport(input({ brand: row({ score }) }))).toEqual({
      ok: false,
      message: expect.stringContaining('Row 2 (acme.com) has no "Public score" yet'),
    });
  });

  it.each<[string, ReportInput['history'], RegExp, RegExp]>([
    [
      'no history',
      [],
      /No earlier reading this period/,
      /No reading in Score history for this period yet/,
    ],
    [
      'one reading in the period (and one before it, outside the deck)',
      [
        { at: NOW - 40 * DAY, score: 45, engines: {} },
        { at: NOW - DAY, score: 60, engines: {} },
      ],
      /No earlier reading this period/,
      /One reading this period \(2026-11-23\)/,
    ],
    [
      'a reading before the period and two in it: every figure from inside the period',
      [
        { at: NOW - 40 * DAY, score: 45, engines: { claude: 30 } },
        { at: NOW - 20 * DAY, score: 50, engines: { claude: 40, chatgpt: 70 } },
        { at: NOW - DAY, score: 60, engines: { claude: 50, chatgpt: 71 } },
      ],
      /\+10 since 2026-11-04 \(50\), from 2 readings this period/,
      /\+10 overall from 2026-11-04 to 2026-11-23, 2 readings\. Claude moved most: \+10 \(40 to 50\)/,
    ],
  ])('with %s: the change and the trend say what there is', (_, history, change, trend) => {
    const i = input({ history });
    expect(texts(i, 1)).toMatch(change);
    expect(texts(i, 2)).toMatch(trend);
  });

  it('draws no bar for an engine not queried, and says so', () => {
    const plan = planReport(input());
    expect(texts(input(), 1)).toMatch(/AI Overviews \| Not measured \(not queried\)/);
    // Four engines, three bars (each a track and a fill).
    expect(plan.ok && plan.deck.slides[1]!.filter((b) => b.fill).length).toBe(6);
  });

  it('adds the competitors slide only when there are competitors, ranked with ties sharing', () => {
    expect(
      planReport(input()).ok &&
        (planReport(input()) as { deck: { slides: unknown[] } }).deck.slides,
    ).toHaveLength(4);
    const i = input({
      competitors: [
        row({ row: 3, name: 'Beta', score: 60 }),
        row({ row: 4, name: 'Gamma', score: 70 }),
      ],
    });
    expect(texts(i, 3)).toMatch(/1\. Gamma .*2\. Acme .*2\. Beta/);
  });

  it('quotes the service only when its words are at hand, and links the latest brand page', () => {
    expect(texts(input(), 1)).not.toMatch(/What the service says/);
    expect(texts(input({ said: 'The public score.' }), 1)).toMatch(
      /What the service says: The public score\./,
    );
    const history = [
      { at: NOW - 9 * DAY, score: 55, engines: {}, page: 'https://index.example/old' },
      { at: NOW - 2 * DAY, score: 60, engines: {}, page: 'https://index.example/acme' },
      { at: NOW - DAY, score: 60, engines: {} },
    ];
    expect(texts(input({ history }), 3)).toMatch(
      /Acme in the brand index \(2026-11-22\): https:\/\/index\.example\/acme/,
    );
    expect(texts(input(), 3)).toMatch(/No preview report yet/);
  });
});

describe('branding', () => {
  it.each([
    [{ accent: 'red' }, /hex colour/],
    [{ accent: '#12345' }, /hex colour/],
    [{ logoUrl: 'http://x.example/logo.png' }, /https/],
    [{ agency: 'x'.repeat(81) }, /at most 80/],
  ])('refuses %j in words', (change, message) => {
    expect(checkBranding({ ...DEFAULT_BRANDING, ...change })).toEqual({
      ok: false,
      message: expect.stringMatching(message),
    });
  });

  it('keeps what is usable, and falls back to the defaults on a damaged saved value', () => {
    expect(checkBranding({ agency: ' North ', accent: '', logoUrl: '', credit: true })).toEqual({
      ok: true,
      branding: { agency: 'North', accent: '#1a73e8', logoUrl: '', credit: true },
    });
    expect(brandingOf('{not json')).toEqual(DEFAULT_BRANDING);
    expect(brandingOf(JSON.stringify({ accent: 'red' }))).toEqual(DEFAULT_BRANDING);
  });
});

describe('the last move against the brand’s usual swing (issue 64)', () => {
  const readings = (...scores: number[]) =>
    scores.map((score, i) => ({ at: NOW - (scores.length - i) * DAY, score, engines: {} }));
  it.each([
    [readings(60), /^(?!.*last move)/],
    [
      readings(55, 60),
      /Its last move, \+5, is within ±5, the range used until it has 4 readings of its own \(it has 1\)/,
    ],
    [readings(55, 66), /Its last move, \+11, is unusual: past ±5, the range used until/],
    // Moves of 2, 4, 2: usually 2; the last, +3, is within twice that.
    [
      readings(50, 52, 56, 54, 57),
      /Its last move, \+3, is within its usual swing of 2 \(4 readings\)/,
    ],
    [
      readings(50, 52, 56, 54, 64),
      /Its last move, \+10, is unusual: it usually moves by 2 \(4 readings\)/,
    ],
  ])('%#: says it on the standing slide', (history, said) => {
    expect(texts(input({ history }), 1)).toMatch(said);
  });
});
