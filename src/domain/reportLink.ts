import { joinUrl } from '../api/query';

/**
 * The service's no-cost outreach link: whoever opens it signs in to the service first (the
 * service's spec), and the preview starts then.
 */
export function reportTriggerLink(baseUrl: string, websiteUrl: string): string {
  return `${joinUrl(baseUrl, '/')}?report=${encodeURIComponent(websiteUrl)}`;
}
