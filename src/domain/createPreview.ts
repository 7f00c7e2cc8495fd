/**
 * Docs' @ menu "Create visibility preview", decided on plain data: which address to send, or why
 * not; and what the service's answer inserts, or says. A second press on the same site within
 * a couple of minutes inserts the link the first made rather than spending another preview.
 */
import type { PreviewCreated } from '../api/client';
import type { Result } from '../api/errors';
import { safeLink } from './cells';
import { parseWebsite } from './website';

/** How long a made preview is remembered against a second press (a double click, a retry). */
export const MADE_MEMORY_SECONDS = 120;

export type CreateStep = { send: { url: string; domain: string } } | { refusal: string };

/** Said wherever a preview is asked for without a key (the @ menu, a Studio step). */
export const NO_KEY_REFUSAL =
  'Previews use your API key. In Google Sheets, open Extensions > Visibility for Sheets > Settings and save your key, then come back here.';

export function createStep(input: unknown, hasKey: boolean): CreateStep {
  if (!hasKey) return { refusal: NO_KEY_REFUSAL };
  const site = parseWebsite(input);
  if (!site.ok)
    return {
      refusal: site.blank ? 'Type the website to preview, like acmeanalytics.com.' : site.message,
    };
  return { send: { url: site.url, domain: site.domain } };
}

export interface MadeLink {
  title: string;
  url: string;
}

/** The made preview's link a person may be sent to (its report, else its preview page), or ''. */
export const reportLinkOf = (made: PreviewCreated): string =>
  safeLink(made.reportUrl) || safeLink(made.previewUrl);

/** The link to insert, or the refusal in the service's words (one line, never the key). */
export function madeLink(
  domain: string,
  answer: Result<PreviewCreated> | undefined,
): MadeLink | { refusal: string } {
  if (!answer)
    return {
      refusal:
        'The service did not answer in time, and may have made the preview: look in a minute before you press again.',
    };
  if (!answer.ok) return { refusal: answer.error.message };
  const url = reportLinkOf(answer.value);
  if (!url)
    return {
      refusal: 'The service made the preview but sent no report link this add-on can insert.',
    };
  return { title: `Visibility preview: ${domain}`, url };
}
