import { joinUrl } from '../api/query';

/** The service's no-cost outreach link: the preview starts when the recipient clicks it. */
export function reportTriggerLink(baseUrl: string, websiteUrl: string): string {
  return `${joinUrl(baseUrl, '/')}?report=${encodeURIComponent(websiteUrl)}`;
}
