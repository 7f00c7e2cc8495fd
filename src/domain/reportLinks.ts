/**
 * The service's own links, as a person pastes them into a doc, a sheet or a deck: a preview's
 * white-label report (`{base}/partner/<slug>/visibility-scan-preview/<uuid>`, the spec's scan
 * preview endpoint) and a brand's public page (`{base}/brands/<slug>`: the spec shows the field,
 * `brandPageUrl`, not its form; this is the form the service's pages take, assumed). A report on
 * a team's custom domain has no static form a manifest could name, so it stays a plain link.
 */
import { isUuid } from '../api/serviceText';

export type ReportLink =
  | { kind: 'preview'; uuid: string; partner: string }
  | { kind: 'brand'; slug: string }
  /** On the service's host and under one of its prefixes, but none of its forms. */
  | { kind: 'unknown' };

/** What Google matches a link against before it calls the add-on (manifest `patterns`). */
export interface LinkPattern {
  hostPattern: string;
  pathPrefix: string;
}

/** One path segment as the service writes slugs and ids: nothing that could end or escape it. */
const SEGMENT = '[A-Za-z0-9][A-Za-z0-9._~-]{0,99}';
const PREFIXES = { preview: 'partner', brand: 'brands' } as const;

/** An address's host (with its port) and path, without the URL global (Apps Script has none). */
function parsed(url: string): { host: string; hostname: string; path: string } | null {
  const m = /^https?:\/\/([^/?#@\s]+)(\/[^?#\s]*)?(?:[?#]\S*)?$/i.exec(url.trim());
  if (!m) return null;
  const host = m[1]!.toLowerCase();
  return { host, hostname: host.replace(/:\d+$/, ''), path: m[2] ?? '/' };
}

/** The base address's path, without slashes at its ends ('' for a service at its host's root). */
const basePath = (base: { path: string }): string => base.path.replace(/^\/+|\/+$/g, '');

/** The manifest's patterns for the service at `baseUrl`: its host, each form's first segment. */
export function linkPatterns(baseUrl: string): LinkPattern[] {
  const base = parsed(baseUrl);
  if (!base) throw new Error(`not a service address: ${baseUrl}`);
  const under = basePath(base);
  return Object.values(PREFIXES).map((prefix) => ({
    hostPattern: base.hostname,
    pathPrefix: under ? `${under}/${prefix}` : prefix,
  }));
}

/**
 * Which of the service's links `url` is, or null when it is not on the service's address at all
 * (another host or port, or not a web address).
 */
export function readReportLink(baseUrl: string, url: string): ReportLink | null {
  const base = parsed(baseUrl);
  const link = parsed(url);
  if (!base || !link || link.host !== base.host) return null;
  // The prefixes the manifest gives Google, so what Google matches and what is read agree.
  const [previews, brands] = linkPatterns(baseUrl).map((p) => `/${p.pathPrefix}`);
  const path = link.path.replace(/\/+$/, '');
  const preview = new RegExp(
    `^${previews}/(${SEGMENT})/visibility-scan-preview/(${SEGMENT})$`,
  ).exec(path);
  if (preview && isUuid(preview[2]))
    return { kind: 'preview', partner: preview[1]!, uuid: preview[2] };
  const brand = new RegExp(`^${brands}/(${SEGMENT})$`).exec(path);
  if (brand) return { kind: 'brand', slug: brand[1]! };
  return { kind: 'unknown' };
}
