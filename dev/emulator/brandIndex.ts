/** The public brand index, seeded from data/brands.json (plus hostile fixtures for tests). */
import { fnv1a } from '../../src/domain/hash';
import { visibilityLevel } from '../../src/domain/levels';
import brands from './data/brands.json';
import hostile from './data/hostile.json';

export interface Brand {
  brandName: string;
  slug: string;
  domain: string;
  overallScore: number;
  platformScores: Record<string, number | null>;
  lastScanDate: string;
  local: boolean;
}

export const INDEX: Brand[] = [...(brands as Brand[]), ...(hostile as Brand[])];
const ORIGINAL = INDEX.map((b) => JSON.stringify(b));

export interface BrandMove {
  /** The brand's domain or slug. */
  brand: string;
  overallScore: number;
  platformScores?: Record<string, number | null>;
  lastScanDate: string;
}

/**
 * Engine scores after the overall score moved from `from` to `to`: each engine moves as much (held
 * within 0-100), so an overall score of 40 never sits over engines of 0, 5, 8 and 1. An engine
 * that was not queried stays unqueried.
 */
export function movedEngines(
  engines: Record<string, number | null>,
  from: number,
  to: number,
): Record<string, number | null> {
  const shift = (v: number | null) =>
    v === null ? null : Math.min(100, Math.max(0, v + to - from));
  return Object.fromEntries(Object.entries(engines).map(([k, v]) => [k, shift(v)]));
}

/**
 * A rescan in the index: new scores and a new lastScanDate. Engines not named in the move follow
 * the overall score. Returns how many brands moved.
 */
export function moveBrands(moves: BrandMove[]): number {
  let moved = 0;
  for (const m of moves) {
    const b = bySlug.get(m.brand.toLowerCase()) ?? byDomain.get(m.brand.toLowerCase());
    if (!b) continue;
    b.platformScores = {
      ...movedEngines(b.platformScores, b.overallScore, m.overallScore),
      ...m.platformScores,
    };
    b.overallScore = m.overallScore;
    b.lastScanDate = m.lastScanDate;
    moved++;
  }
  return moved;
}

/** The index as seeded (the emulator's reset): seeded extras go, moved brands come back. */
export function restoreIndex(): void {
  for (const extra of INDEX.splice(ORIGINAL.length)) {
    bySlug.delete(extra.slug);
    byDomain.delete(extra.domain);
  }
  INDEX.forEach((b, i) => Object.assign(b, JSON.parse(ORIGINAL[i] as string) as Brand));
}

/**
 * Adds `count` more indexed brands (prospect-00001.com, …) with deterministic scores, for lists
 * longer than the seed index: every row its own brand, and its own history reading.
 */
export function seedBrands(count: number): number {
  const first = INDEX.length - ORIGINAL.length + 1;
  for (let i = first; i < first + count; i++) {
    const slug = `prospect-${String(i).padStart(5, '0')}`;
    const domain = `${slug}.com`;
    const engine = (salt: string) => derivedScore(domain, salt);
    const platformScores = {
      chatgpt: engine('c'),
      claude: engine('l'),
      gemini: engine('g'),
      aio: engine('a'),
    };
    const brand: Brand = {
      brandName: `Prospect ${i}`,
      slug,
      domain,
      overallScore: Math.round(
        (platformScores.chatgpt +
          platformScores.claude +
          platformScores.gemini +
          platformScores.aio) /
          4,
      ),
      platformScores,
      lastScanDate: '2026-10-01T09:00:00.000Z',
      local: false,
    };
    INDEX.push(brand);
    bySlug.set(slug, brand);
    byDomain.set(domain, brand);
  }
  return count;
}
const bySlug = new Map(INDEX.map((b) => [b.slug, b]));
const byDomain = new Map(INDEX.map((b) => [b.domain, b]));

export function findBySlug(slug: string): Brand | undefined {
  return bySlug.get(slug.toLowerCase());
}

/** The service extracts the domain: a subdomain of an indexed domain matches it too. */
export function findByDomain(domain: string): Brand | undefined {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const found = byDomain.get(labels.slice(i).join('.'));
    if (found) return found;
  }
  return undefined;
}

export function findByName(name: string): Brand[] {
  const wanted = name.trim().toLowerCase();
  return INDEX.filter((b) => b.brandName.toLowerCase() === wanted);
}

/** Deterministic 0-100 numbers for a domain the index lacks (previews scan any site). */
export function derivedScore(domain: string, salt: string): number {
  return parseInt(fnv1a(`${salt}:${domain}`), 16) % 101;
}

/**
 * The emulator's world, in one place. Brands people know are in the public index by their real
 * domains (dev/emulator/data), scored as they would be (rarely below 50). A site outside the
 * index (a local business, a small company) is one AI engines mostly do not mention: its preview
 * scores low to moderate, 4 to 38 (a local business 4 to 28), most of them near the bottom (the
 * smaller of two draws from the domain's hash, so the same site always scores the same). A
 * preview of an indexed brand agrees with its public score.
 */
export function unindexedScore(domain: string): number {
  const h = parseInt(fnv1a(`overall:${domain}`), 16);
  const span = LOCAL_WORDS.test(domain) ? 25 : 35;
  return 4 + Math.min(h % span, (h >>> 12) % span);
}

/** A preview's overall score: the public one where the index holds the brand. */
export const previewOverall = (domain: string, brand: Brand | undefined): number =>
  brand?.overallScore ?? unindexedScore(domain);

/**
 * A preview's scores, as the service's would relate: the overall (previewOverall), and knowledge
 * and sentiment, the parts it is made of, within a dozen points of it.
 */
export function previewScores(
  domain: string,
  brand: Brand | undefined,
): { overall: number; knowledge: number; sentiment: number } {
  const overall = previewOverall(domain, brand);
  const near = (salt: string) =>
    Math.max(0, Math.min(100, overall + (parseInt(fnv1a(`${salt}:${domain}`), 16) % 25) - 12));
  return { overall, knowledge: near('knowledge'), sentiment: near('sentiment') };
}

/** Whether a customer must be nearby to buy: judged from the business, not the URL alone. */
const LOCAL_WORDS =
  /(dental|dentist|bakery|plumb|fitness|gym|legal|law|coffee|cafe|salon|florist|pizza|garage|clinic|vet)/;
export function isLocalBusiness(domain: string, brand: Brand | undefined): boolean {
  return brand ? brand.local : LOCAL_WORDS.test(domain);
}

export function brandRecord(b: Brand, baseUrl: string) {
  const platformScores: Record<string, { queried: boolean; score: number | null }> = {};
  for (const [p, score] of Object.entries(b.platformScores)) {
    platformScores[p] = score === null ? { queried: false, score: null } : { queried: true, score };
  }
  return {
    brandName: b.brandName,
    slug: b.slug,
    overallScore: b.overallScore,
    visibilityLevel: visibilityLevel(b.overallScore),
    platformScores,
    lastScanDate: b.lastScanDate,
    brandPageUrl: `${baseUrl}/brands/${b.slug}`,
    _service: {
      what_you_are_seeing: `The public AI-visibility score of ${b.brandName} from the brand index.`,
    },
  };
}
