import {
  checkSchedule,
  digestLines,
  isDue,
  isNews,
  lastDueAt,
  moverLine,
  nextDueAt,
  nextRunWords,
  ownerGone,
  periodStart,
  recipientsRefusal,
  SCHEDULE_STORE_BUDGET,
  scheduleRoomRefusal,
} from '../../src/domain/schedules';
import { MIN_READINGS_FOR_OWN_SWING, usualSwing, weigh } from '../../src/domain/swing';
import { formatDate } from '../../dev/gas-runtime/mail';

const H = 3600 * 1000;
const DAY = 24 * H;
const NOW = Date.UTC(2026, 10, 25, 10, 0, 0); // a Wednesday, 10:00 local (UTC here)
const utc = () => 0;

/** A zone's offsets as Apps Script's calendar gives them (the runtime's formatDate `Z`). */
function zone(timeZone: string) {
  return (t: number) => {
    const z = formatDate(new Date(t), timeZone, 'Z');
    return (
      (z.startsWith('-') ? -1 : 1) * (Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5))) * 60000
    );
  };
}
const wall = (t: number, timeZone: string) => formatDate(new Date(t), timeZone, 'yyyy-MM-dd HH:mm');

describe('when a schedule is due', () => {
  it('daily: today at its hour once the hour has come, else yesterday', () => {
    expect(lastDueAt({ every: 'day', hour: 9 }, NOW, utc)).toBe(NOW - H);
    expect(lastDueAt({ every: 'day', hour: 11 }, NOW, utc)).toBe(NOW - 23 * H);
  });

  it('weekly: the last time its weekday and hour came round', () => {
    expect(lastDueAt({ every: 'week', hour: 9, weekday: 1 }, NOW, utc)).toBe(NOW - 49 * H);
    expect(lastDueAt({ every: 'week', hour: 11, weekday: 3 }, NOW, utc)).toBe(NOW - 7 * DAY + H);
  });

  it('a missed period runs once, and a paused schedule never', () => {
    const s = { every: 'day' as const, hour: 9 };
    expect(isDue(s, NOW, utc, NOW - 3 * DAY)).toBe(true);
    expect(isDue(s, NOW, utc, NOW - 30 * 60000)).toBe(false);
    expect(isDue({ ...s, paused: true }, NOW, utc, null)).toBe(false);
    expect(periodStart(s, NOW, utc)).toBe(NOW - 10 * H);
    expect(periodStart({ every: 'week' }, NOW, utc)).toBe(NOW - 10 * H - 2 * DAY);
  });

  it('a run in the first second after its hour is that day’s run (no milliseconds carried)', () => {
    const s = { every: 'day' as const, hour: 10 };
    const ran = NOW + 400; // 10:00:00.400
    expect(lastDueAt(s, ran, utc)).toBe(NOW);
    // The next hourly firing, 10:59:59.100: still today's period, already run.
    expect(isDue(s, NOW + H - 900, utc, ran)).toBe(false);
  });

  // The replays of the season simulation: a daily schedule ran twice when the clocks went back.
  it.each([
    ['Europe/Berlin', 3, Date.UTC(2027, 9, 30, 1, 46), Date.UTC(2027, 9, 31, 1, 46)],
    ['Australia/Sydney', 10, Date.UTC(2027, 3, 2, 23, 54), Date.UTC(2027, 3, 3, 15, 54)],
  ])('%s, daily at %i:00: once in the day the clocks go back', (tz, hour, ran, firing) => {
    const s = { every: 'day' as const, hour };
    const offsets = zone(tz);
    expect(wall(lastDueAt(s, ran, offsets), tz)).toMatch(
      new RegExp(` ${String(hour).padStart(2, '0')}:00$`),
    );
    expect(isDue(s, firing, offsets, ran)).toBe(false);
    // And due again at its hour the next day, as the wall clock shows it.
    const next = nextDueAt(s, firing, offsets);
    expect(wall(next, tz)).toMatch(new RegExp(` ${String(hour).padStart(2, '0')}:00$`));
    expect(isDue(s, next, offsets, ran)).toBe(true);
  });

  it.each([
    ['Europe/Berlin', Date.UTC(2027, 2, 28, 12)], // 23 hours: clocks go forward
    ['Europe/Berlin', Date.UTC(2027, 9, 31, 12)], // 25 hours: clocks go back
    ['Australia/Sydney', Date.UTC(2027, 3, 4, 12)],
    ['America/New_York', Date.UTC(2027, 10, 7, 18)],
  ])(
    '%s: around a day of 23 or 25 hours, a daily schedule at any hour runs once each day',
    (tz, noon) => {
      const offsets = zone(tz);
      for (let hour = 0; hour < 24; hour++) {
        const s = { every: 'day' as const, hour };
        // Saved at the start: it first runs at its next hour.
        let lastRun: number | null = noon - 3 * DAY;
        const runDays: string[] = [];
        // Hourly firings at :37 past each UTC hour, three days either side of the change.
        for (let t = noon - 3 * DAY + 37 * 60000; t < noon + 3 * DAY; t += H) {
          if (!isDue(s, t, offsets, lastRun)) continue;
          lastRun = t;
          runDays.push(wall(t, tz).slice(0, 10));
        }
        // Never twice on one day; and no day in between without its run.
        expect([hour, runDays]).toEqual([hour, Array.from(new Set(runDays))]);
        const days = runDays.map((d) => Date.parse(d) / DAY);
        for (let i = 1; i < days.length; i++)
          expect([hour, days[i]! - days[i - 1]!]).toEqual([hour, 1]);
        expect(runDays.length).toBeGreaterThanOrEqual(5);
      }
    },
  );
});

describe('the next run in words, on the spreadsheet’s clock', () => {
  const daily = { every: 'day' as const, hour: 9 };
  it.each([
    // NOW is Wednesday 10:00 UTC.
    [
      'due now: its hour has passed today',
      daily,
      utc,
      true,
      "today at the next check, within the hour (today's 9:00 has passed)",
    ],
    ['later today', { every: 'day' as const, hour: 17 }, utc, false, 'today at 17:00'],
    ['tomorrow', daily, utc, false, 'tomorrow at 9:00'],
    [
      'a weekly one, on its day',
      { every: 'week' as const, hour: 9, weekday: 1 },
      utc,
      false,
      'on Monday at 9:00',
    ],
    [
      'a weekly one, its time passed this week',
      { every: 'week' as const, hour: 9, weekday: 1 },
      utc,
      true,
      "today at the next check, within the hour (this week's 9:00 has passed)",
    ],
    // In Sydney (UTC+11 in November) it is already Wednesday 21:00: 9:00 is tomorrow there.
    ['in Sydney', daily, zone('Australia/Sydney'), false, 'tomorrow at 9:00'],
    // In Los Angeles (UTC-8) it is Wednesday 2:00: 9:00 is today there.
    ['in Los Angeles', daily, zone('America/Los_Angeles'), false, 'today at 9:00'],
  ])('%s', (_name, s, offsetAt, dueNow, words) => {
    expect(nextRunWords(s, NOW, offsetAt, dueNow)).toBe(words);
  });
});

describe('a monthly schedule', () => {
  const monthly = { every: 'month' as const, hour: 9 };
  it('is due on the 1st at its hour, in the spreadsheet’s zone, and next on the 1st after', () => {
    // NOW is 25 November 10:00 UTC.
    expect(lastDueAt(monthly, NOW, utc)).toBe(Date.UTC(2026, 10, 1, 9));
    expect(nextDueAt(monthly, NOW, utc)).toBe(Date.UTC(2026, 11, 1, 9));
    // Across a year's end, and before the hour on the 1st: the month before's.
    expect(nextDueAt(monthly, Date.UTC(2026, 11, 5), utc)).toBe(Date.UTC(2027, 0, 1, 9));
    expect(lastDueAt(monthly, Date.UTC(2027, 0, 1, 8), utc)).toBe(Date.UTC(2026, 11, 1, 9));
    // Paris is UTC+1 in winter: 9:00 there is 8:00 UTC.
    expect(nextDueAt(monthly, NOW, zone('Europe/Paris'))).toBe(Date.UTC(2026, 11, 1, 8));
    expect(periodStart(monthly, NOW, utc)).toBe(Date.UTC(2026, 10, 1));
  });
  it('runs a missed month once, and says when it runs next', () => {
    expect(isDue(monthly, NOW, utc, Date.UTC(2026, 9, 1, 9))).toBe(true);
    expect(isDue(monthly, NOW, utc, Date.UTC(2026, 10, 1, 9, 1))).toBe(false);
    // Within the week, its day; further, the 1st.
    expect(nextRunWords(monthly, NOW, utc, false)).toBe('on Tuesday at 9:00');
    expect(nextRunWords(monthly, Date.UTC(2026, 10, 10, 10), utc, false)).toBe(
      'on the 1st at 9:00',
    );
    expect(nextRunWords(monthly, NOW, utc, true)).toMatch(/this month's 9:00 has passed/);
    expect(nextRunWords(monthly, Date.UTC(2026, 10, 30, 10), utc, false)).toBe('tomorrow at 9:00');
  });
});

/** The sheets of the document the schedules below are saved in. */
const SHEETS = ['A', 'List', 'Clients'];

describe('a report schedule', () => {
  const base = { action: 'sendReport', sheetName: 'Clients', every: 'week', hour: 8, weekday: 1 };
  it('keeps the sites as the sheet names them, a known period, and the addresses', () => {
    const r = checkSchedule(
      {
        ...base,
        report: {
          site: 'https://www.Acme.com/about',
          competitors: 'rival.com, https://other.io; acme.com',
          weeks: 8,
          to: ['Boss@Client.com', 'boss@client.com', 'team@agency.co.uk'],
        },
      },
      SHEETS,
    );
    expect(r.ok && r.schedule.report).toEqual({
      site: 'acme.com',
      competitors: ['rival.com', 'other.io'],
      weeks: 8,
      to: ['boss@client.com', 'team@agency.co.uk'],
    });
    const plain = checkSchedule({ ...base, report: { site: 'acme.com', weeks: 5 } }, SHEETS);
    expect(plain.ok && plain.schedule.report).toEqual({
      site: 'acme.com',
      competitors: [],
      weeks: 4,
      to: [],
    });
  });
  it.each([
    [{}, /brand's website/],
    [{ site: 'acme.com', competitors: 'rival' }, /"rival" is not a website/],
    [
      { site: 'acme.com', competitors: 'a.com b.com c.com d.com e.com f.com' },
      /at most 5 competitors/,
    ],
    [{ site: 'acme.com', to: 'boss@client' }, /"boss@client" is not an e-mail address/],
    [{ site: 'acme.com', to: ['Boss <boss@client.com>'] }, /is not an e-mail address/],
  ])('%p is refused in plain words', (report, message) => {
    const r = checkSchedule({ ...base, report }, SHEETS);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });
  it('is refused when its recipients, with the owner’s other reports’, pass a day of e-mail', () => {
    expect(recipientsRefusal({ these: 60, others: 40, perDay: 100 })).toBeNull();
    expect(recipientsRefusal({ these: 61, others: 40, perDay: 100 })).toBe(
      "These 61 recipients, with your other report schedules' 40, are more than the 100 Google lets you e-mail in a day: list fewer addresses.",
    );
    expect(recipientsRefusal({ these: 101, others: 0, perDay: 100 })).toMatch(
      /^These 101 recipients are more/,
    );
  });
});

describe('checking a schedule', () => {
  it.each([
    [{ action: 'nope' }, /Choose what the schedule does/],
    [{ action: 'refreshScores', sheetName: ' ' }, /Name the sheet/],
    [
      { action: 'refreshScores', sheetName: 'A', every: 'day', hour: 24 },
      /hour is a whole number, 0 to 23/,
    ],
    [
      { action: 'refreshScores', sheetName: 'A', every: 'day', hour: '9' },
      /hour is a whole number/,
    ],
    [
      { action: 'refreshScores', sheetName: 'A', every: 'day', hour: 9.5 },
      /hour is a whole number/,
    ],
    [
      { action: 'refreshScores', sheetName: 'A', every: 'week', hour: 9, weekday: 8 },
      /Monday \(1\) to Sunday \(7\)/,
    ],
    [{ action: 'refreshScores', sheetName: 'A', every: 'week', hour: 9 }, /needs a day/],
    [
      { action: 'refreshScores', sheetName: 'x'.repeat(20000), every: 'day', hour: 9 },
      /There is no sheet named "x{39}…" in this/,
    ],
    [
      { action: 'refreshScores', sheetName: 'Gone', every: 'day', hour: 9 },
      /no sheet named "Gone"/,
    ],
    [
      { action: 'refreshScores', sheetName: 'A', every: 'day', hour: 9, staleDays: '7' },
      /Check a row again after: a whole number of days/,
    ],
    [
      { action: 'refreshScores', sheetName: 'A', every: 'day', hour: 9, alert: { minChange: 1e9 } },
      /0 to 100/,
    ],
    [
      { action: 'refreshScores', sheetName: 'A', every: 'day', hour: 9, id: 'i'.repeat(5000) },
      /id is not one the add-on made/,
    ],
    [
      {
        action: 'sendReport',
        sheetName: 'A',
        every: 'day',
        hour: 9,
        report: { site: 'acme.com', to: 'a@b.co '.repeat(2000) },
      },
      /far more/,
    ],
  ])('%p is refused in plain words', (input, message) => {
    const r = checkSchedule(input, SHEETS);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it('fills the defaults', () => {
    expect(
      checkSchedule({ action: 'refreshScores', sheetName: 'List', every: 'day', hour: 9 }, SHEETS),
    ).toEqual({
      ok: true,
      schedule: {
        action: 'refreshScores',
        sheetName: 'List',
        every: 'day',
        hour: 9,
        refresh: 'stale',
        staleDays: 7,
        paused: false,
        alert: { email: false, minChange: 10, unusualOnly: false },
      },
    });
  });
});

describe('the digest', () => {
  const m = (from: number, to: number) => ({
    sheet: 'P',
    row: 2,
    website: 'a.com',
    brand: 'A',
    from,
    to,
    change: to - from,
  });
  it('is news when the level changes or the score moves by at least minChange', () => {
    expect(isNews(m(50, 53), { minChange: 15 })).toBe(false);
    expect(isNews(m(59, 62), { minChange: 15 })).toBe(true);
    expect(isNews(m(10, 25), { minChange: 15 })).toBe(true);
    expect(moverLine(m(59, 62))).toBe('A (a.com): 59 → 62 (+3), level moderate → strong; P row 2');
  });
  describe('with unusualOnly, weighed against the brand’s usual swing', () => {
    const weighed = (earlier: number[], from: number, to: number) => ({
      ...m(from, to),
      swing: weigh(to - from, earlier),
    });

    it.each([
      ['a brand swinging by 8 daily is quiet at 8', [50, 58, 50, 58], 50, 58, '8', false],
      ['… and news at 17', [50, 58, 50, 58], 58, 75, '8', true],
      ['a steady brand moving 6 is news at minChange 5', [70, 70, 70, 70], 70, 76, '0', true],
      ['a move under minChange is never news', [70, 70, 70, 70], 70, 74, '0', false],
      ['with 3 readings, the default band: +8 is within it', [50, 58, 50], 50, 58, '5', false],
      ['… and +12 past it', [50, 58, 50], 50, 62, '5', true],
      ['a level change alone is not unusual', [59, 59, 59, 59], 59, 62, '0', false],
    ])('%s', (_name, earlier, from, to, usual, news) => {
      const mover = weighed(earlier, from, to);
      expect(mover.swing.usual).toBe(usual);
      expect(mover.swing.own).toBe(earlier.length >= MIN_READINGS_FOR_OWN_SWING);
      expect(isNews(mover, { minChange: 5, unusualOnly: true })).toBe(news);
    });

    it('an engine’s unusual move is news though the overall score held', () => {
      const steady = weighed([70, 70, 70, 70], 70, 70);
      const engine = { engine: 'ChatGPT', from: 40, to: 60, change: 20 };
      const alert = { minChange: 5, unusualOnly: true };
      expect(
        isNews({ ...steady, engines: [{ ...engine, swing: weigh(20, [40, 42, 40, 42]) }] }, alert),
      ).toBe(true);
      expect(
        isNews({ ...steady, engines: [{ ...engine, swing: weigh(20, [40, 60, 40, 60]) }] }, alert),
      ).toBe(false);
    });

    it('a move the run did not weigh is news, as before weighing existed', () => {
      expect(isNews(m(50, 70), { minChange: 5, unusualOnly: true })).toBe(true);
    });

    it('takes the median, so one outlier does not make a brand look swingy', () => {
      expect(usualSwing([50, 51, 50, 90, 91])).toBe(1);
      expect(usualSwing([50, 52, 50, 56, 50])).toBe(4);
    });

    it('says what the score rests on at the end of the line', () => {
      expect(moverLine({ ...m(70, 76), evidence: 'Scan 2026-11-20, 1 day old' })).toBe(
        'A (a.com): 70 → 76 (+6), level strong; P row 2. Scan 2026-11-20, 1 day old',
      );
    });
  });

  it('lists at most 50 lines and says how many more', () => {
    const lines = digestLines(Array.from({ length: 53 }, (_, i) => `line ${i}`));
    expect(lines).toHaveLength(51);
    expect(lines.at(-1)).toBe('and 3 more');
  });
  it('counts the lines an earlier part of the run could not keep', () => {
    expect(digestLines(['a', 'b'], 7)).toEqual(['a', 'b', 'and 7 more']);
    expect(digestLines(['a'])).toEqual(['a']);
  });
});

it('never puts text a spreadsheet would run into a digest line', () => {
  const line = moverLine({
    sheet: 'P',
    row: 2,
    website: 'a.com',
    brand: '=HYPERLINK("x")',
    from: 1,
    to: 30,
    change: 29,
  });
  expect(line.startsWith("'=HYPERLINK")).toBe(true);
});

describe('room for one more schedule', () => {
  const room = { isNew: true, inSpreadsheet: 0, storeSizeAfter: 1000 };
  it.each([
    ['a first schedule', room, null],
    ['the 100th', { ...room, inSpreadsheet: 99 }, null],
    ['the 101st', { ...room, inSpreadsheet: 100 }, /already has 100 schedules/],
    ['an edit of one of 100', { ...room, isNew: false, inSpreadsheet: 100 }, null],
    ['one past the store', { ...room, storeSizeAfter: SCHEDULE_STORE_BUDGET + 1 }, /500 KB/],
    ['an edit past the store', { ...room, isNew: false, storeSizeAfter: 1e6 }, /500 KB/],
  ])('%s', (_, input, expected) => {
    const refusal = scheduleRoomRefusal(input);
    if (expected === null) expect(refusal).toBeNull();
    else expect(refusal).toMatch(expected);
  });
});

describe('ownerGone: a teammate may take over a schedule whose owner’s runs went silent', () => {
  const utc = () => 0;
  const H = 3600 * 1000;
  const day0 = Date.UTC(2026, 10, 2, 9); // a Monday, 9:00
  const daily = { every: 'day' as const, hour: 9, owner: 'ana@x.com', created: day0 - 5 * 24 * H };
  // Now: Wednesday 10:00, an hour after its third due time.
  it.each([
    ['ran today', day0 + 2 * 24 * H, false],
    ['missed today only (its trigger is hourly)', day0 + 24 * H, false],
    ['missed today and yesterday', day0, true],
  ])('a daily schedule that %s', (_, lastRun, gone) => {
    expect(ownerGone(daily, lastRun, 'ben@x.com', day0 + 2 * 24 * H + H, utc)).toBe(gone);
  });
  it('never for its owner, nor when paused', () => {
    expect(ownerGone(daily, null, 'ana@x.com', day0 + 30 * 24 * H, utc)).toBe(false);
    expect(ownerGone({ ...daily, paused: true }, null, 'ben@x.com', day0 + 30 * 24 * H, utc)).toBe(
      false,
    );
  });
  it('a weekly one after two weeks of silence', () => {
    const weekly = { ...daily, every: 'week' as const, weekday: 1 };
    expect(ownerGone(weekly, day0, 'ben@x.com', day0 + 8 * 24 * H, utc)).toBe(false);
    expect(ownerGone(weekly, day0, 'ben@x.com', day0 + 15 * 24 * H, utc)).toBe(true);
  });
});
