// The Workspace add-on part's decisions: which of the service's links a pasted address is, the
// card each answer makes, and the create action, on the platform kit in memory.
import { inProcessEmulator } from '../../dev/emulator/inProcess';
import { memoryKit, transportOver } from '../../dev/memoryKit';
import type { BrandScore, PreviewPoll } from '../../src/api/client';
import { serviceError } from '../../src/api/errors';
import {
  createPreviewFor,
  linkCardFor,
  matchedUrlOf,
  formValueOf,
} from '../../src/addon/workspaceLinks';
import { answerCard, brandCard, previewCard } from '../../src/domain/linkCard';
import { linkPatterns, readReportLink } from '../../src/domain/reportLinks';

const BASE = 'https://service.example.com';
const UUID = '0b6f1c1e-7d7a-4c59-9d56-2f0e8f2d1a11';

describe('the service links a pasted address is', () => {
  it.each([
    [
      `${BASE}/partner/acme-team/visibility-scan-preview/${UUID}`,
      { kind: 'preview', partner: 'acme-team', uuid: UUID },
    ],
    [
      `${BASE}/partner/acme-team/visibility-scan-preview/${UUID}/`,
      { kind: 'preview', partner: 'acme-team', uuid: UUID },
    ],
    [
      `${BASE}/partner/acme-team/visibility-scan-preview/${UUID}?utm=x#top`,
      { kind: 'preview', partner: 'acme-team', uuid: UUID },
    ],
    [`http://service.example.com/brands/acme-analytics`, { kind: 'brand', slug: 'acme-analytics' }],
    [`${BASE}/brands/acme-analytics`, { kind: 'brand', slug: 'acme-analytics' }],
    [`${BASE}/brands/`, { kind: 'unknown' }],
    [`${BASE}/brands/a/b`, { kind: 'unknown' }],
    [`${BASE}/partner/acme-team/visibility-scan-preview/not-a-uuid`, { kind: 'unknown' }],
    [`${BASE}/partner/acme-team/other/${UUID}`, { kind: 'unknown' }],
    [`https://evil.example/brands/acme-analytics`, null],
    [`https://service.example.com.evil.example/brands/acme`, null],
    [`https://service.example.com@evil.example/brands/acme`, null],
    [`https://service.example.com:8443/brands/acme`, null],
    [`javascript:alert(1)`, null],
    [`https://reports.agency.example/visibility-scan-preview/${UUID}`, null],
  ])('%s', (url, expected) => {
    expect(readReportLink(BASE, url)).toEqual(expected);
  });

  it("gives the manifest the service's host and each form's first segment, under a base path too", () => {
    expect(linkPatterns(BASE)).toEqual([
      { hostPattern: 'service.example.com', pathPrefix: 'partner' },
      { hostPattern: 'service.example.com', pathPrefix: 'brands' },
    ]);
    expect(linkPatterns('https://x.example/v1/').map((p) => p.pathPrefix)).toEqual([
      'v1/partner',
      'v1/brands',
    ]);
    expect(readReportLink('https://x.example/v1', 'https://x.example/v1/brands/acme')).toEqual({
      kind: 'brand',
      slug: 'acme',
    });
  });
});

const brand: BrandScore = {
  brandName: 'Acme',
  slug: 'acme',
  overallScore: 73,
  visibilityLevel: 'strong',
  platformScores: { chatgpt: 70, claude: null, gemini: 0, aio: 80 },
  lastScanDate: '2026-11-20T09:00:00Z',
  brandPageUrl: 'javascript:alert(1)',
  said: '',
};
const NOW = Date.UTC(2026, 10, 28, 9);
const preview = (over: Partial<PreviewPoll>): PreviewPoll => ({
  status: 'complete',
  overallScore: 61,
  knowledgeScore: 55,
  sentimentScore: null,
  agentSiteUrl: null,
  brandName: 'Acme',
  reportUrl: null,
  ...over,
});

describe('the card each answer makes', () => {
  it('a brand: its Public score as the chip, an engine not queried said so (never 0), a safe link', () => {
    const card = brandCard(brand, `${BASE}/brands/acme`, NOW);
    expect(card.title).toBe('Acme: 73, strong');
    expect(card.facts).toEqual(
      expect.arrayContaining([
        { label: 'Claude', text: 'not queried' },
        { label: 'Gemini', text: '0' },
        { label: 'Last scanned', text: '2026-11-20 (8 days ago)' },
      ]),
    );
    expect(card.open).toEqual({ text: 'Open brand page', url: `${BASE}/brands/acme` });
  });

  it.each([
    ['pending', /: scanning$/, 0],
    ['complete', /^Acme: 61, strong$/, 21_600],
    ['failed', /did not complete$/, 0],
  ])('a preview %s', (status, title, keep) => {
    const link = { kind: 'preview' as const, partner: 'p', uuid: UUID };
    const { card, keepSeconds } = answerCard(
      link,
      { ok: true, value: preview({ status }) },
      'u',
      NOW,
    );
    expect(card.title).toMatch(title);
    expect(keepSeconds).toBe(keep);
  });

  it("a complete preview's missing part says so, never 0", () => {
    expect(previewCard(preview({}), 'u').facts).toContainEqual({
      label: 'Sentiment',
      text: 'not given',
    });
  });

  it('a refusal or no answer is never kept', () => {
    const link = { kind: 'brand' as const, slug: 'acme' };
    expect(
      answerCard(link, { ok: false, error: serviceError('SERVER_ERROR') }, 'u', NOW).keepSeconds,
    ).toBe(0);
    expect(answerCard(link, undefined, 'u', NOW).card.note).toMatch(/did not answer in time/);
  });
});

describe('on the kit in memory, against the emulator', () => {
  const emu = inProcessEmulator();
  const kit = (apiKey: string | null) =>
    memoryKit({ transport: transportOver(emu.transport), baseUrl: emu.baseUrl, apiKey });

  it('asks once for a brand, then serves the kept card; a public page goes without the key', () => {
    const k = kit('demo-starter-key');
    const url = `${emu.baseUrl}/brands/acme-analytics`;
    expect(linkCardFor(url, k).title).toBe('Acme Analytics: 43, moderate');
    expect(linkCardFor(url, k).title).toBe('Acme Analytics: 43, moderate');
    expect(k.sent).toHaveLength(1);
    expect(k.sent[0]!.headers['x-api-key']).toBeUndefined();
  });

  it('asks nothing about a preview without a key', () => {
    const k = kit(null);
    const card = linkCardFor(`${emu.baseUrl}/partner/p/visibility-scan-preview/${UUID}`, k);
    expect(card.note).toMatch(/API key/);
    expect(k.sent).toHaveLength(0);
  });

  it('creates one preview per site within two minutes, and refuses a bad address unsent', () => {
    const k = kit('demo-starter-key');
    const made = createPreviewFor('bluebirdsoftware.com', k);
    expect(made).toMatchObject({ title: 'Visibility preview: bluebirdsoftware.com' });
    expect(createPreviewFor('bluebirdsoftware.com', k)).toEqual(made);
    k.advance(121_000);
    expect(createPreviewFor('bluebirdsoftware.com', k)).not.toEqual(made);
    expect(k.sent).toHaveLength(2);
    expect(createPreviewFor('not a site', k)).toHaveProperty('refusal');
    expect(k.sent).toHaveLength(2);
  });
});

describe("Google's event objects", () => {
  it('reads the matched link from whichever editor sent it, and a form field in either form', () => {
    expect(matchedUrlOf({ slides: { matchedUrl: { url: 'https://x' } } })).toBe('https://x');
    expect(matchedUrlOf({ docs: 'nope' })).toBe('');
    expect(
      formValueOf(
        { commonEventObject: { formInputs: { website: { stringInputs: { value: ['a.com'] } } } } },
        'website',
      ),
    ).toBe('a.com');
    expect(formValueOf({ formInput: { website: 'b.com' } }, 'website')).toBe('b.com');
    expect(formValueOf({ formInput: { website: 5 } }, 'website')).toBe('');
  });
});
