import {
  checkMinChange,
  followUpMessage,
  followUpTable,
  planContacted,
  type FollowUpSource,
} from '../../src/domain/followUps';

const NOW = new Date('2026-11-23T10:00:00Z');

describe('marking contacted', () => {
  const row = (at: number, values: unknown[], hidden = false) => ({
    row: at,
    values,
    shown: values.map(String),
    hidden,
  });

  it('stamps the time and the score at contact, blank and filtered-out rows aside, and says which had no score', () => {
    const plan = planContacted(
      [row(2, ['a.com', 64]), row(3, ['', '']), row(4, ['b.com', '']), row(5, ['c.com', 70], true)],
      2,
      NOW,
    );
    expect(Object.fromEntries(plan.patches)).toEqual({
      2: { contacted: NOW, scoreAtContact: 64 },
      4: { contacted: NOW, scoreAtContact: '' },
    });
    expect(plan.message).toBe(
      '2 rows marked contacted, with the score at contact. 1 row had no "Public score" yet: score them (Scores tab) and mark them again to follow their moves. Left alone: 1 empty row and 1 row hidden by the filter.',
    );
  });

  it('does nothing on blank rows, and marks without a score where the list has no Public score', () => {
    expect(planContacted([row(2, ['', ''])], 2, NOW).state).toBe('nothing');
    expect(planContacted([row(2, ['a.com'])], 0, NOW).patches.get(2)).toEqual({
      contacted: NOW,
      scoreAtContact: '',
    });
  });
});

describe('follow-ups', () => {
  const at = new Date('2026-11-01T09:00:00Z');
  const src = (over: Partial<FollowUpSource>): FollowUpSource => ({
    sheet: 'Prospects',
    website: 'a.com',
    contacted: at,
    scoreAtContact: 50,
    score: 50,
    reportUrl: '',
    pitch: '',
    ...over,
  });

  it.each([
    ['a move of exactly minChange counts', 10, [60], 1],
    ['a smaller move does not', 10, [59], 0],
    ['a fall counts as a rise does', 10, [38], 1],
    ['minChange 0 lists every contacted row with both scores', 0, [50], 1],
  ])('%s', (_name, minChange, [score], rows) => {
    expect(followUpTable([src({ score })], minChange).rows).toBe(rows);
  });

  it('lists contacted rows only, with both scores, largest change first, values only', () => {
    const t = followUpTable(
      [
        src({ website: 'small.com', score: 61 }),
        src({ website: 'not-contacted.com', contacted: '', score: 99 }),
        src({ website: 'unscored.com', score: '' }),
        src({ sheet: 'Leads', website: 'big.com', score: 20, pitch: '=HYPERLINK("x")' }),
      ],
      10,
    );
    expect(t.values).toEqual([
      [
        'Sheet',
        'Website',
        'Contacted',
        'Score at contact',
        'Public score',
        'Change since contact',
        'Report URL',
        'Pitch',
      ],
      ['Leads', 'big.com', at, 50, 20, -30, '', `'=HYPERLINK("x")`],
      ['Prospects', 'small.com', at, 50, 61, 11, '', ''],
    ]);
    expect([t.contacted, t.rows]).toEqual([3, 2]);
    expect(followUpMessage(t, 10)).toMatch(/^2 of the 3 contacted prospects moved by 10 points/);
  });

  it('says when nobody is contacted yet, or nobody moved', () => {
    expect(followUpMessage({ contacted: 0, rows: 0 }, 10)).toMatch(/No row is marked contacted/);
    expect(followUpMessage({ contacted: 4, rows: 0 }, 10)).toBe(
      'None of the 4 contacted prospects moved by 10 points or more since contact.',
    );
  });

  it.each([
    [undefined, 10],
    ['', 10],
    [5, 5],
    ['7', 7],
  ])('reads minChange %p as %p', (input, value) => {
    expect(checkMinChange(input)).toEqual({ ok: true, value });
  });

  it.each([[-1], ['ten'], [NaN]])('refuses minChange %p', (input) => {
    expect(checkMinChange(input).ok).toBe(false);
  });
});
