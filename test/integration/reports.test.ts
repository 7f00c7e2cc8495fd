// Make report on the built bundle: a deck in the runtime's SlidesApp from the selected rows and the
// brand's Score history, every number on a slide found in a cell, missing readings said in words,
// the person's branding on the cover, nothing of the key or the webhook in it, and Google's
// refusals (the day's presentations, a row with no score) said instead of a deck.
import type { DeckModel } from '../../dev/gas-runtime/slides';
import { KEYS, startWorld, type World } from './harness';
import { reportBook } from './reportBook';
import { INDEX } from '../../dev/emulator/brandIndex';
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
    // A team webhook saved too (its check posts once): a secret, as the key is.
    const hook = 'https://hooks.slack.com/services/T0001/B0002/s3cr3tSlackToken';
    expect(api.saveSettings({ webhook: hook }).refused).toBeNull();
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
    // Four weeks back: the change is from the period's first reading (53), never the one before.
    expect(standing.join(' ')).toMatch(
      /\+9 since \d{4}-\d\d-\d\d \(53\), from 5 readings this period/,
    );

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

    // Links: the Report URL cells, and the brand page the latest reading recorded, with its date.
    const links = texts(deck, 4).join(' ');
    expect(links).toContain('Acme: https://r.example/acme');
    expect(links).toMatch(
      /Acme in the brand index \(\d{4}-\d\d-\d\d\): https:\/\/index\.example\/brand\/acme/,
    );
    // Not asked for fresh words and not scored here: the service is not quoted.
    expect(everything(deck)).not.toContain('What the service says');
    // No secret in the deck, and nothing asked of the service (the one fetch: the webhook's check).
    expect(everything(deck)).not.toContain(KEYS.pro);
    expect(everything(deck)).not.toContain('s3cr3tSlackToken');
    expect(w.rt.counts['UrlFetchApp.fetchAll'] ?? 0).toBe(1);
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

  it('quotes what the service says of the score when asked (one request), then from the cache', async () => {
    w = await startWorld();
    const api = sidebar(w.rt);
    const brand = INDEX.find((b) => !b.domain.endsWith('.example'))!;
    const list = w.rt.spreadsheet.activeSheet;
    list.probe.rows = [
      ['Website', 'Brand', 'Public score', 'ChatGPT', 'Claude', 'Gemini', 'AI Overviews'],
      [brand.domain, brand.brandName, 50, 50, 50, 50, 50],
    ].map((r) => r.map((value) => ({ value })));
    list.setActiveSelection('A2');
    const fetched = () => w.rt.counts['UrlFetchApp.fetchAll'] ?? 0;
    const quote = `What the service says: The public AI-visibility score of ${brand.brandName} from the brand index.`;

    const plain = api.makeReport({});
    expect(fetched()).toBe(0);
    const deckOf = (url: string | null) =>
      w.rt.slides.decks.get(/presentation\/d\/(\w+)\//.exec(url ?? '')![1]!)!;
    expect(texts(deckOf(plain.url), 1)).not.toContain(quote);

    const fresh = api.makeReport({ fresh: true });
    expect(fetched()).toBe(1);
    expect(texts(deckOf(fresh.url), 1)).toContain(quote);
    // The record is cached for 6 hours, as a Score's: the next deck quotes it with no request.
    const again = api.makeReport({});
    expect(fetched()).toBe(1);
    expect(texts(deckOf(again.url), 1)).toContain(quote);
    // The numbers stay the list's: its 50, not the service's score.
    expect(texts(deckOf(fresh.url), 1)).toContain('50');
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
