/**
 * What the hover card of a pasted report or brand link says, as plain data (src/gas/cards.ts draws
 * it with CardService). Its title is the smart chip's text in Docs and Sheets, so it reads like
 * the link's meaning: "Acme Analytics: 43, moderate". The words are the glossary's: a brand page
 * shows the Public score, a preview link its Preview scan score, never one as the other.
 */
import type { BrandScore, PreviewPoll } from '../api/client';
import type { Result, ServiceError } from '../api/errors';
import { oneLine } from '../api/serviceText';
import { ENGINES, PLATFORMS } from '../engines';
import { safeLink } from './cells';
import { visibilityLevel } from './levels';
import type { ReportLink } from './reportLinks';

export interface LinkCard {
  /** The header's title: the chip's text. */
  title: string;
  subtitle: string;
  facts: Array<{ label: string; text: string }>;
  /** One paragraph: what is missing and what to do, or null. */
  note: string | null;
  open: { text: string; url: string } | null;
}

/** How long Google keeps a card before it asks again (its preview-links page: 5 minutes). */
export const CARD_CACHE_MINUTES = 5;

const DAY_MS = 24 * 3600 * 1000;
const SETTINGS_STEP = 'In Google Sheets, open Extensions > Visibility for Sheets > Settings';

const scored = (name: string, score: number) => `${name}: ${score}, ${visibilityLevel(score)}`;

/** A scan's day as YYYY-MM-DD, or null where the service gave none it could read. */
export function scanDay(iso: string | null): string | null {
  const at = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(at) ? null : new Date(at).toISOString().slice(0, 10);
}

function scanned(iso: string | null, now: number): string {
  const day = scanDay(iso);
  if (day === null) return 'not given';
  const days = Math.max(0, Math.floor((now - Date.parse(iso!)) / DAY_MS));
  const age = days === 0 ? 'today' : days === 1 ? '1 day ago' : `${days} days ago`;
  return `${day} (${age})`;
}

const opens = (kind: ReportLink['kind'], url: string) => ({
  text: kind === 'brand' ? 'Open brand page' : 'Open report',
  url,
});

export function brandCard(brand: BrandScore, url: string, now: number): LinkCard {
  const name = oneLine(brand.brandName) || brand.slug;
  return {
    title: scored(name, brand.overallScore),
    subtitle: 'Public score, from the public brand index',
    facts: [
      ...PLATFORMS.map((p) => {
        const score = brand.platformScores[p];
        return { label: ENGINES[p], text: score === null ? 'not queried' : String(score) };
      }),
      { label: 'Last scanned', text: scanned(brand.lastScanDate, now) },
    ],
    note: null,
    open: opens('brand', safeLink(brand.brandPageUrl) || url),
  };
}

/** A preview the viewer's key can read: its state, and its scores once complete. */
export function previewCard(preview: PreviewPoll, url: string): LinkCard {
  const name = oneLine(preview.brandName ?? '') || 'Visibility preview';
  const open = opens('preview', safeLink(preview.reportUrl) || url);
  if (preview.status === 'pending')
    return {
      title: `${name}: scanning`,
      subtitle: 'Preview scan, not complete yet',
      facts: [],
      note: `A preview completes in 30 to 90 seconds. Hover again in ${CARD_CACHE_MINUTES} minutes for its score (Google keeps a card that long); the report already opens.`,
      open,
    };
  if (preview.status !== 'complete' || preview.overallScore === null)
    return {
      title: `${name}: scan did not complete`,
      subtitle: `Preview scan (${oneLine(preview.status) || 'no state given'})`,
      facts: [],
      note: 'Make the preview again from the Previews tab of Visibility for Sheets.',
      open,
    };
  const part = (score: number | null) => (score === null ? 'not given' : String(score));
  return {
    title: scored(name, preview.overallScore),
    subtitle: 'Preview scan score: a one-off scan, not rescanned',
    facts: [
      { label: 'Knowledge', text: part(preview.knowledgeScore) },
      { label: 'Sentiment', text: part(preview.sentimentScore) },
    ],
    note: 'Engine scores are in the report.',
    open,
  };
}

/** Why the card has no scores: no key, a link of no known form, or the service's refusal. */
export type CardRefusal = 'no key' | 'unknown link' | 'no answer' | ServiceError;

function refusalWords(link: ReportLink, why: CardRefusal): { title: string; note: string } {
  if (why === 'unknown link')
    return {
      title: 'Visibility link',
      note: 'This address is on the Visibility service but is neither a report nor a brand page.',
    };
  if (why === 'no answer')
    return {
      title: link.kind === 'brand' ? 'Brand page' : 'Visibility preview',
      note: `The service did not answer in time. Hover again in ${CARD_CACHE_MINUTES} minutes.`,
    };
  if (why === 'no key')
    return {
      title: 'Visibility preview',
      note: `Its score shows here with your API key. ${SETTINGS_STEP} and save your key; the report opens without one.`,
    };
  if (why.code === 'NOT_FOUND')
    return link.kind === 'brand'
      ? {
          title: 'Brand not in the public index',
          note: 'The public index has no brand at this address.',
        }
      : {
          title: 'Visibility preview',
          note: 'Your key did not make this preview, so its scores are its maker’s to see. The report still opens.',
        };
  return { title: link.kind === 'brand' ? 'Brand page' : 'Visibility preview', note: why.message };
}

export function refusalCard(link: ReportLink, why: CardRefusal, url: string): LinkCard {
  const words = refusalWords(link, why);
  return {
    ...words,
    subtitle: 'Visibility for Sheets',
    facts: [],
    open: link.kind === 'unknown' ? null : opens(link.kind, url),
  };
}

/** How long an answer's card is kept for the viewer: a brand rescans rarely, a done preview never. */
const KEEP_SECONDS = { brand: 3600, completePreview: 21_600 } as const;

/**
 * The card for the service's answer about a link, and how long the viewer's cache may keep it
 * (0: ask again next time: a pending preview, a refusal, a service down).
 */
export function answerCard(
  link: Exclude<ReportLink, { kind: 'unknown' }>,
  answer: Result<BrandScore | PreviewPoll> | undefined,
  url: string,
  now: number,
): { card: LinkCard; keepSeconds: number } {
  if (!answer) return { card: refusalCard(link, 'no answer', url), keepSeconds: 0 };
  if (!answer.ok) return { card: refusalCard(link, answer.error, url), keepSeconds: 0 };
  if (link.kind === 'brand')
    return {
      card: brandCard(answer.value as BrandScore, url, now),
      keepSeconds: KEEP_SECONDS.brand,
    };
  const preview = answer.value as PreviewPoll;
  return {
    card: previewCard(preview, url),
    keepSeconds: preview.status === 'complete' ? KEEP_SECONDS.completePreview : 0,
  };
}
