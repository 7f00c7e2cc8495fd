// Make report on the built bundle: a deck in the runtime's SlidesApp from the selected rows and the
// brand's Score history, every number on a slide found in a cell, missing readings said in words,
// the person's branding on the cover, nothing of the key or the webhook in it, and Google's
// refusals (the day's presentations, a row with no score) said instead of a deck.
import type { DeckModel } from '../../dev/gas-runtime/slides';
import { KEYS, startWorld, type World } from './harness';
import { reportBook } from './reportBook';
import { sidebar } from '../sidebarApi';

let w: World;
afterEach(() => w?.close());

const texts = (deck: DeckModel, slide: number) =>
  deck.slides[slide]!.map((e) => e.text).filter(Boolean);
const everything = (deck: DeckModel) => JSON.stringify(deck);

describe('makeReport', () => {
  it('makes a branded deck whose every number is a cell of the list or of Score history', async () => {
    w = await startWorld();
    const api = sidebar(w.rt);
    const saved = api.saveSettings({
      branding: {
        agency: 'North Agency',
        accent: '#ff5500',
        logoUrl: 'https://cdn.example/logo.png',
        credit: false,
      },
    });
    expect(saved.refused).toBeNull();
    const now = w.rt.clock.now();
    const list = reportBook(w.rt, now);
    list.setActiveSelection('B2:B5');

    const made = api.makeReport({ weeks: 4 });
    expect(made).toMatchObject({ state: 'done', slides: 5 });
    const id = /presentation\/d\/(\w+)\//.exec(made.url ?? '')![1]!;
    const deck = w.rt.slides.decks.get(id)!;
    expect(deck.slides).toHaveLength(5);

    // Cover: the brand, the agency, the accent and the logo; white-label by default.
    expect(texts(deck, 0)).toEqual(expect.arrayContaining(['Acme', 'North Agency']));
    expect(deck.slides[0]!.some((e) => e.fill === '#ff5500')).toBe(true);
    expect(deck.slides[0]!.some((e) => e.image === 'https://cdn.example/logo.png')).toBe(true);
    expect(everything(deck)).not.toMatch(/Visibility for Sheets/);

    // Where it stands: the row's cells, the engine not queried said, the change from history.
    const standing = texts(deck, 1);
    for (const n of ['62', '70', '55', '61']) expect(standing).toContain(n);
    expect(standing.join('\n')).toMatch(/AI Overviews\nNot measured/);
    expect(standing.join(' ')).toMatch(/Overall score, strong/);
    // Four weeks back: the last reading before the period is five weeks old (50).
    expect(standing.join(' ')).toMatch(/\+12 since \d{4}-\d\d-\d\d \(50\)/);

    // The trend: the readings of the period (weeks 4 to 0), and the engine that moved most.
    const trend = texts(deck, 2);
    for (const n of ['53', '57', '60', '61', '62']) expect(trend).toContain(n);
    expect(trend).not.toContain('50');
    expect(trend.join(' ')).toMatch(/\+9 overall .* Claude moved most: \+11 \(44 to 55\)/);

    // Competitors: ranks and gaps as VIS_COMPARE decides them; the unscored one named, not drawn.
    const rivals = texts(deck, 3).join('\n');
    expect(rivals).toMatch(/1\. Beta[\s\S]*2\. Acme[\s\S]*3\. Gamma/);
    expect(rivals).toContain(
      'Gap +9; ChatGPT +10, Claude +5, Gemini +5, AI Overviews not measured',
    );
    expect(rivals).toContain('No score yet, left out: delta.com');

    // Links: the Report URL cells.
    expect(texts(deck, 4).join(' ')).toContain('Acme: https://r.example/acme');
    // No secret in the deck, and nothing asked of the service.
    expect(everything(deck)).not.toContain(KEYS.pro);
    expect(w.rt.counts['UrlFetchApp.fetchAll'] ?? 0).toBeLessThanOrEqual(1);
  });

  it('says what is missing: no score on the row, no history yet, and the day’s presentations used up', async () => {
    w = await startWorld();
    const api = sidebar(w.rt);
    const list = reportBook(w.rt, w.rt.clock.now());
    list.setActiveSelection('A5');
    expect(api.makeReport({})).toMatchObject({
      state: 'refused',
      url: null,
      message: expect.stringContaining('Row 5 (delta.com) has no "Public score" yet'),
    });
    expect(w.rt.slides.decks.size).toBe(0);

    // Beta has no history: the trend slide says so; no competitor slide.
    list.setActiveSelection('A3');
    const made = api.makeReport({});
    expect(made).toMatchObject({ state: 'done', slides: 4 });
    const deck = [...w.rt.slides.decks.values()][0]!;
    expect(texts(deck, 2).join(' ')).toContain('No reading in Score history for this period yet');

    w.rt.slides.quota.set(w.rt.owner, 1);
    expect(api.makeReport({})).toMatchObject({
      state: 'refused',
      message: expect.stringContaining('today’s are used up'),
    });
    expect(w.rt.slides.decks.size).toBe(1);
  });

  it('refuses a branding it cannot use, in words, and keeps the saved one', async () => {
    w = await startWorld();
    const api = sidebar(w.rt);
    expect(
      api.saveSettings({ branding: { agency: 'A', accent: 'orange', logoUrl: '', credit: false } })
        .refused,
    ).toMatch(/hex colour/);
    expect(
      api.saveSettings({
        branding: {
          agency: 'A',
          accent: '#123456',
          logoUrl: 'http://x.example/l.png',
          credit: false,
        },
      }).refused,
    ).toMatch(/https/);
    expect(api.getSettings().branding).toEqual({
      agency: '',
      accent: '#1a73e8',
      logoUrl: '',
      credit: false,
    });
  });
});
