// Report and brand links pasted into Docs, Sheets and Slides: the hover card the built bundle
// draws for each state, and Docs' @ menu "Create visibility preview", on the runtime's model of
// Google's Workspace add-on surfaces (dev/gas-runtime/workspaceAddOn.ts, cardService.ts).
import type { CardData, CardResponse } from '../../dev/gas-runtime/cardService';
import { sidebar } from '../sidebarApi';
import { KEYS, startWorld, type World } from './harness';

const BEN = 'ben@gmail.com';
const MIN = 60_000;

let w: World;
beforeEach(async () => {
  w = await startWorld({ apiKey: KEYS.starter });
});
afterEach(() => w.close());

const cardOf = (response: CardResponse | null): CardData => {
  if (!response || response.kind === 'links')
    throw new Error(`no card: ${JSON.stringify(response)}`);
  return response.card;
};
const widgets = (card: CardData) => card.sections.flatMap((s) => s.widgets);
const textOf = (card: CardData) => JSON.stringify(widgets(card));
const button = (card: CardData) =>
  widgets(card).flatMap((x) => (x.widget === 'ButtonSet' ? x.buttons : []))[0];

/** A preview made from Docs' @ menu, as a person makes one: its inserted link. */
function makePreview(website: string, user?: string): string {
  const made = w.rt.submitCard('onCreatePreviewSubmit', { website }, 'docs', user);
  if (made.kind !== 'links') throw new Error(`not made: ${textOf(made.card)}`);
  return made.links[0]!.url;
}

describe('a brand page link', () => {
  it("shows the brand's Public score, each engine, and the scan's date and age, in every editor", () => {
    for (const host of ['docs', 'sheets', 'slides'] as const) {
      const card = cardOf(w.rt.linkPreview(`${w.emu.baseUrl}/brands/acme-analytics`, host));
      expect(card.header.title).toBe('Acme Analytics: 43, moderate');
      expect(card.header.subtitle).toMatch(/Public score/);
      expect(textOf(card)).toMatch(/"ChatGPT".*"Claude".*"Gemini".*"AI Overviews"/);
      expect(textOf(card)).toMatch(/2026-10-25 \(\d+ days ago\)/);
      expect(button(card)).toEqual({
        text: 'Open brand page',
        openLink: `${w.emu.baseUrl}/brands/acme-analytics`,
      });
    }
  });

  it('is asked for without the key, so a person with none sees it too', () => {
    sidebar(w.rt, BEN).saveSettings({ baseUrl: w.emu.baseUrl });
    const card = cardOf(w.rt.linkPreview(`${w.emu.baseUrl}/brands/acme-analytics`, 'docs', BEN));
    expect(card.header.title).toBe('Acme Analytics: 43, moderate');
    const sent = w.rt.fetchStats.log.filter((r) => r.url.includes('/score'));
    expect(sent.length).toBeGreaterThan(0);
  });

  it('says a brand the index does not hold, and never writes what the service sent as markup', async () => {
    const unknown = cardOf(w.rt.linkPreview(`${w.emu.baseUrl}/brands/no-such-brand`, 'docs'));
    expect(unknown.header.title).toBe('Brand not in the public index');
    await w.emu.faults({ hostile: true });
    const card = cardOf(w.rt.linkPreview(`${w.emu.baseUrl}/brands/acme-analytics`, 'sheets'));
    expect(textOf(card)).not.toMatch(/<[a-z]/i);
    expect(button(card)?.openLink ?? '').toMatch(/^https?:\/\//);
  });
});

describe('a preview report link', () => {
  it('says the scan is running, then, once Google asks again, its Preview scan score', async () => {
    const url = makePreview('bluebirdsoftware.com');
    expect(url).toMatch(/\/partner\/bluebird-growth\/visibility-scan-preview\/[0-9a-f-]{36}$/);
    const pending = cardOf(w.rt.linkPreview(url, 'docs'));
    expect(pending.header.title).toMatch(/: scanning$/);
    expect(button(pending)?.text).toBe('Open report');
    await w.elapse(2 * MIN);
    // Google keeps the card 5 minutes: the same card, and the add-on is not run.
    const runs = w.rt.counts['CardService.newCardBuilder'] ?? 0;
    expect(cardOf(w.rt.linkPreview(url, 'docs')).header.title).toMatch(/: scanning$/);
    expect(w.rt.counts['CardService.newCardBuilder'] ?? 0).toBe(runs);
    await w.elapse(4 * MIN);
    const done = cardOf(w.rt.linkPreview(url, 'docs'));
    expect(done.header.title).toMatch(/: \d+, (invisible|low|moderate|strong|dominant)$/);
    expect(done.header.subtitle).toMatch(/Preview scan score/);
    expect(textOf(done)).toMatch(/Knowledge.*Sentiment/);
  });

  it("with no key says what a key would add; with another's key says the scores are its maker's", () => {
    const url = makePreview('bluebirdsoftware.com');
    sidebar(w.rt, BEN).saveSettings({ baseUrl: w.emu.baseUrl });
    const keyless = cardOf(w.rt.linkPreview(url, 'docs', BEN));
    expect(textOf(keyless)).toMatch(/API key/);
    expect(button(keyless)?.openLink).toBe(url);
    sidebar(w.rt, BEN).saveSettings({ apiKey: KEYS.pro });
    w.rt.advance(6 * MIN);
    const other = cardOf(w.rt.linkPreview(url, 'docs', BEN));
    expect(textOf(other)).toMatch(/did not make this preview/);
    expect(textOf(other)).not.toContain(KEYS.starter);
  });

  it('says the service is down in its words, well inside the time Google gives a card', async () => {
    const url = makePreview('bluebirdsoftware.com');
    await w.emu.faults({ rate5xx: 1 });
    const before = w.rt.clock.spent();
    const card = cardOf(w.rt.linkPreview(url, 'sheets'));
    expect(textOf(card)).toMatch(/service/);
    expect(w.rt.clock.spent() - before).toBeLessThan(30_000);
  });
});

describe('links the add-on does not preview', () => {
  it('leaves other addresses of the service plain, and says what an odd one under its prefixes is', () => {
    expect(w.rt.linkPreview(`${w.emu.baseUrl}/pricing`, 'docs')).toBeNull();
    expect(w.rt.linkPreview('https://example.com/brands/acme-analytics', 'docs')).toBeNull();
    const odd = cardOf(
      w.rt.linkPreview(`${w.emu.baseUrl}/partner/x/visibility-scan-preview/nope`, 'docs'),
    );
    expect(odd.header.title).toBe('Visibility link');
    expect(button(odd)).toBeUndefined();
  });

  it('leaves a custom-domain report link plain: no static pattern can match it', () => {
    sidebar(w.rt).saveSettings({ apiKey: KEYS.pro });
    const url = makePreview('northwindstudio.io');
    expect(url).toMatch(/^https:\/\/reports\.northwind-agency\.example\//);
    expect(w.rt.linkPreview(url, 'docs')).toBeNull();
  });

  it('shows nothing to a person who left link previews unticked', () => {
    w.rt.untickScope(w.rt.owner, 'https://www.googleapis.com/auth/workspace.linkpreview');
    expect(w.rt.linkPreview(`${w.emu.baseUrl}/brands/acme-analytics`, 'docs')).toBeNull();
  });
});

describe("Docs' @ menu: Create visibility preview", () => {
  it('is offered in Docs only, as Google offers create actions', () => {
    expect(cardOf(w.rt.createActionForm('docs')).header.title).toBe('Create visibility preview');
    expect(() => w.rt.createActionForm('sheets')).toThrow(/Docs only/);
    expect(() => w.rt.createActionForm('slides')).toThrow(/Docs only/);
  });

  it('makes one preview and inserts its report link, once however often it is pressed', async () => {
    const first = makePreview('bluebirdsoftware.com');
    const again = makePreview('https://www.bluebirdsoftware.com/');
    expect(again).toBe(first);
    expect((await w.emu.stats()).requests['POST /api/visibility/scan-preview']).toBe(1);
  });

  it.each([
    ['', /Type the website/],
    ['javascript:alert(1)', /not a website/],
  ])('says why %j is refused, in the form, sending nothing', async (website, why) => {
    const answer = w.rt.submitCard('onCreatePreviewSubmit', { website });
    expect(answer.kind).toBe('update');
    expect(textOf(cardOf(answer))).toMatch(why);
    expect((await w.emu.stats()).requests['POST /api/visibility/scan-preview'] ?? 0).toBe(0);
  });

  it('says what a free plan or no key means, in the form', () => {
    sidebar(w.rt).saveSettings({ apiKey: KEYS.free });
    expect(
      textOf(cardOf(w.rt.submitCard('onCreatePreviewSubmit', { website: 'acme.com' }))),
    ).toMatch(/Starter or Pro plan/);
    sidebar(w.rt).saveSettings({ apiKey: '' });
    expect(
      textOf(cardOf(w.rt.submitCard('onCreatePreviewSubmit', { website: 'acme.com' }))),
    ).toMatch(/API key/);
  });
});
