/**
 * The Workspace add-on part of a project as Docs, Sheets and Slides drive it: which link-preview
 * trigger a pasted link matches (the manifest's `hostPattern` and `pathPrefix`), the event objects
 * Google hands the functions (its "Event objects" page), and the 5 minutes Google keeps a card
 * for a person before it asks the add-on again (its "Preview links with smart chips" page).
 */
import { GasError } from './errors';
import type { WorkflowElement } from './studio';

export type EditorHost = 'docs' | 'sheets' | 'slides';

export interface LinkPattern {
  hostPattern: string;
  pathPrefix?: string;
}

interface EditorPart {
  linkPreviewTriggers?: Array<{ runFunction: string; patterns: LinkPattern[] }>;
  createActionTriggers?: Array<{ id: string; runFunction: string; labelText: string }>;
}

export type AddOns = Partial<Record<EditorHost, EditorPart>> & {
  common?: { name: string };
  flows?: { workflowElements: WorkflowElement[] };
};

export const LINK_PREVIEW_SCOPE = 'https://www.googleapis.com/auth/workspace.linkpreview';
export const LINK_CREATE_SCOPE = 'https://www.googleapis.com/auth/workspace.linkcreate';
/** Google keeps a link's card this long per person before it calls the add-on again. */
export const CARD_CACHE_MS = 5 * 60_000;

/** `*.example.com` matches its subdomains, a plain host itself only; the port is not part of it. */
function hostMatches(pattern: string, host: string): boolean {
  const h = host.toLowerCase();
  const p = pattern.toLowerCase();
  return p.startsWith('*.') ? h.endsWith(p.slice(1)) : h === p;
}

/** The path begins with the prefix as whole segments (`partner` matches /partner/…, not /partners). */
function pathMatches(prefix: string | undefined, path: string): boolean {
  if (!prefix) return true;
  const p = `/${prefix.replace(/^\/+|\/+$/g, '')}`;
  return path === p || path.startsWith(`${p}/`);
}

/** The function Google would run for `url` pasted in `host`, or null: no card, a plain link. */
export function linkPreviewFunction(addOns: AddOns | undefined, host: EditorHost, url: string) {
  const m = /^https?:\/\/([^/?#:@]+)(?::\d+)?(\/[^?#]*)?/i.exec(url);
  if (!m) return null;
  const [, hostname, path = '/'] = m;
  for (const trigger of addOns?.[host]?.linkPreviewTriggers ?? [])
    if (
      trigger.patterns.some(
        (p) => hostMatches(p.hostPattern, hostname!) && pathMatches(p.pathPrefix, path),
      )
    )
      return trigger.runFunction;
  return null;
}

/** The @ menu's item: Docs offers create actions, Sheets and Slides have no such menu. */
export function createActionFunction(addOns: AddOns | undefined, host: EditorHost): string {
  const trigger = host === 'docs' ? addOns?.docs?.createActionTriggers?.[0] : undefined;
  if (!trigger)
    throw new GasError(
      `No create action in ${host}: Google offers the @ menu's create actions in Docs only.`,
    );
  return trigger.runFunction;
}

const common = (host: EditorHost, locale: string) => ({
  hostApp: host.toUpperCase(),
  platform: 'WEB',
  userLocale: locale,
});

export const linkPreviewEvent = (host: EditorHost, url: string, locale = 'en') => ({
  commonEventObject: common(host, locale),
  [host]: { matchedUrl: { url } },
});

export const formEvent = (host: EditorHost, inputs: Record<string, string>, locale = 'en') => ({
  commonEventObject: {
    ...common(host, locale),
    formInputs: Object.fromEntries(
      Object.entries(inputs).map(([k, v]) => [k, { stringInputs: { value: [v] } }]),
    ),
  },
});

/** Google's per-person card cache: a second hover within 5 minutes never reaches the add-on. */
export class CardCache<T> {
  private kept = new Map<string, { value: T; until: number }>();

  get(user: string, url: string, now: number): T | undefined {
    const item = this.kept.get(`${user} ${url}`);
    return item && item.until > now ? item.value : undefined;
  }

  put(user: string, url: string, value: T, now: number): void {
    this.kept.set(`${user} ${url}`, { value, until: now + CARD_CACHE_MS });
  }
}
