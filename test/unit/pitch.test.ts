import { PREVIEW_HEADERS } from '../../src/domain/previewColumns';
import {
  checkPitchTemplate,
  DERIVED_PLACEHOLDERS,
  engineExtremes,
  fillPitch,
  mergeWarning,
  offeredPlaceholders,
  placeholdersOf,
  planPitches,
  STARTER_TEMPLATES,
} from '../../src/domain/pitch';
import { CONTACT_HEADERS } from '../../src/domain/table';
import { SCORE_HEADERS } from '../../src/domain/scoreColumns';

const HEADERS = [
  'Website',
  ' public SCORE ',
  'ChatGPT',
  'Claude',
  'Gemini',
  'AI Overviews',
  'Contacted',
  'Report URL',
];

/** A row from its values; what a cell shows is its value as text unless given. */
function row(values: unknown[], shown: Record<number, string> = {}, at = 2, hidden = false) {
  return {
    row: at,
    hidden,
    values,
    shown: values.map((v, i) => shown[i] ?? (v instanceof Date ? 'date' : String(v ?? ''))),
  };
}

const acme = row(
  ['acme.com', 72.5, 80, 41, 41, '', new Date('2026-11-20T10:00:00Z'), 'https://r/1'],
  { 1: '72.5', 6: '2026-11-20' },
);

describe('placeholders', () => {
  it('names each single-braced placeholder once, in order, and leaves {{mail merge}} ones', () => {
    expect(placeholdersOf('Hi {{First name}}, {Website} {website} {Public score} {{x}}')).toEqual([
      'Website',
      'Public score',
    ]);
  });

  it('offers the sheet’s headers as written, then the derived facts', () => {
    expect(offeredPlaceholders(['Website', '', 'Public score'])).toEqual([
      'Website',
      'Public score',
      ...DERIVED_PLACEHOLDERS,
    ]);
  });
});

describe('the weakest and strongest engine', () => {
  it.each([
    ['lowest and highest', [80, 41, 50, 60], 'Claude', 'ChatGPT'],
    ['a tie goes to the engine listed first', [41, 41, 90, 90], 'ChatGPT', 'Gemini'],
    ['a blank engine was not queried', [80, '', 50, ''], 'Gemini', 'ChatGPT'],
    ['text in an engine cell is not a score', [80, 'n/a', 50, 95], 'Gemini', 'AI Overviews'],
  ])('%s', (_name, engines, weakest, strongest) => {
    const e = engineExtremes(HEADERS, row(['x.com', 60, ...engines]));
    expect([e.weakest?.label, e.strongest?.label]).toEqual([weakest, strongest]);
  });

  it('is missing when no engine was queried', () => {
    const f = fillPitch('{Weakest engine}', HEADERS, row(['x.com', 60, '', '', '', '']));
    expect(f).toEqual({ ok: false, missing: ['Weakest engine'] });
  });
});

describe('a pitch', () => {
  it.each([
    ['a header, any case and spacing', '{website} scores { Public Score }', 'acme.com scores 72.5'],
    [
      'derived facts, scores as the cells show them',
      '{Weakest engine} {Weakest engine score}, {Strongest engine} {Strongest engine score}',
      'Claude 41, ChatGPT 80',
    ],
    ['a date as yyyy-mm-dd', 'since {Contacted}', 'since 2026-11-20'],
    ['{{mail merge}} placeholders left for the tool', 'Hi {{First name}}', 'Hi {{First name}}'],
  ])('%s', (_name, template, text) => {
    expect(fillPitch(template, HEADERS, acme)).toEqual({ ok: true, text });
  });

  it('{Website} reads as the site, not the URL the list holds', () => {
    const tracked = row([
      'https://www.Shopify.com/?utm_source=list&utm_medium=x',
      72,
      80,
      41,
      41,
      '',
      '',
      '',
    ]);
    expect(fillPitch('{Website} is at {public score}', HEADERS, tracked)).toEqual({
      ok: true,
      text: 'shopify.com is at 72',
    });
  });

  it('warns of a {{merge field}} the sheet has no column for, before anything is written', () => {
    expect(mergeWarning('Hi {{First name}}, {{Website}}', HEADERS)).toBe(
      'Check before sending: {{First name}} is for your mail-merge tool, and this sheet has no column of that name: add one, or the prospect gets it blank.',
    );
    expect(mergeWarning('Hi {{First name}}', [...HEADERS, 'First name'])).toBe('');
    const plan = planPitches('Hi {{First name}}', HEADERS, [acme]);
    expect(plan.state === 'done' && plan.message).toMatch(
      /\{\{First name\}\} is for your mail-merge tool/,
    );
  });

  it('names every header a row lacks a value for, as the sheet spells it', () => {
    const blank = row(['acme.com', '', 80, 41, 41, '', '', '']);
    expect(fillPitch('{Website} {public score} {Report URL}', HEADERS, blank)).toEqual({
      ok: false,
      missing: [' public SCORE '.trim(), 'Report URL'],
    });
  });
});

describe('a pitch run', () => {
  const rows = [
    acme,
    row(['beta.com', '', 10, 20, 30, 40, '', ''], {}, 3),
    row(['', '', '', '', '', '', '', ''], {}, 4),
    row(['=cmd.com', 50, 50, 50, 50, 50, '', ''], {}, 5),
    row(['filtered.com', 50, 50, 50, 50, 50, '', ''], {}, 6, true),
    // A prospect with a score but no website: nothing to pitch about.
    row(['', 60, 60, 60, 60, 60, '', ''], {}, 7),
  ];

  it('refuses the whole run on an unknown placeholder, naming it', () => {
    const plan = planPitches('Hi {Frist name} at {Website} {Nope}', HEADERS, rows);
    expect(plan.state).toBe('refused');
    expect(plan.message).toMatch(/^Nothing was written: \{Frist name\}, \{Nope\} are neither/);
    expect(plan).not.toHaveProperty('patches');
  });

  it('writes a pitch per row, a missing message where a value lacks; blank, filtered-out and website-less rows are left alone', () => {
    const plan = planPitches('{Website}: {Public score}', HEADERS, rows);
    if (plan.state !== 'done') throw new Error(plan.message);
    expect(Object.fromEntries(plan.patches)).toEqual({
      2: { pitch: 'acme.com: 72.5', message: '' },
      3: { pitch: '', message: 'missing: public SCORE' },
      // Text starting like a formula stays text.
      5: { pitch: "'=cmd.com: 50", message: '' },
    });
    expect([plan.written, plan.missing]).toEqual([2, 1]);
    expect(plan.message).toBe(
      'Pitches written for 2 rows. 1 row lacks a value the template needs: see "Pitch message". Left alone: 1 empty row, 1 row hidden by the filter and 1 row with no website.',
    );
  });

  it('writes a pitch that reads as a number as text', () => {
    const plan = planPitches('{Public score}', HEADERS, [acme]);
    if (plan.state !== 'done') throw new Error(plan.message);
    expect(plan.patches.get(2)?.pitch).toBe("'72.5");
  });

  it.each([
    ['an empty template', '  ', rows],
    ['a selection of blank rows', '{Website}', [rows[2]!]],
  ])('does nothing with %s', (_name, template, selected) => {
    expect(planPitches(template, HEADERS, selected).state).toBe('nothing');
  });

  it('offers starters that use only what the add-on’s columns hold', () => {
    const ours = [
      'Website',
      ...Object.values(PREVIEW_HEADERS),
      ...Object.values(SCORE_HEADERS),
      ...Object.values(CONTACT_HEADERS),
    ];
    for (const t of STARTER_TEMPLATES) expect(planPitches(t.text, ours, [acme]).state).toBe('done');
  });
});

describe('a saved template', () => {
  it.each([
    ['with no name', { name: '', text: 'x' }, /Name the template/],
    ['named as a starter', { name: 'cold introduction', text: 'x' }, /is a starter template/],
    ['empty', { name: 'Mine', text: ' ' }, /empty/],
    [
      'too long',
      { name: 'Mine', text: 'x'.repeat(2001) },
      /at most 2000 characters \(this one has 2001\)/,
    ],
    ['with too long a name', { name: 'x'.repeat(61), text: 'x' }, /at most 60 characters/],
  ])('%s is refused', (_name, input, message) => {
    const checked = checkPitchTemplate(input, []);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.message).toMatch(message);
  });

  it('is kept up to 30, and one of the 30 may be saved again', () => {
    const saved = Array.from({ length: 30 }, (_, i) => ({ name: `T${i}`, text: 'x' }));
    expect(checkPitchTemplate({ name: 'T31', text: 'x' }, saved).ok).toBe(false);
    expect(checkPitchTemplate({ name: 't3', text: 'y' }, saved)).toEqual({
      ok: true,
      template: { name: 't3', text: 'y' },
    });
  });
});
