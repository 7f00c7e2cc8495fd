/** The Transport over UrlFetchApp: one fetchAll per batch, HTTP errors returned, never thrown. */
import {
  lowerCaseHeaders,
  withoutKeyEcho,
  type HttpRequest,
  type HttpResponse,
  type Transport,
} from '../api/http';
import { countFetches, noteQuotaSpent } from './quota';
import { permissionNamedIn } from '../domain/permissions';

type FetchRequest = GoogleAppsScript.URL_Fetch.URLFetchRequest;

function toFetchRequest(request: HttpRequest): FetchRequest {
  const out: FetchRequest = {
    url: request.url,
    method: request.method,
    headers: request.headers,
    muteHttpExceptions: true,
    // A redirect would carry the key to the address it points to: the answer is the redirect
    // itself, an error naming that address (docs/platform-limits.md, U2).
    followRedirects: false,
  };
  if (request.payload !== undefined) {
    out.contentType = 'application/json';
    out.payload = JSON.stringify(request.payload);
  }
  return out;
}

function fromResponse(response: GoogleAppsScript.URL_Fetch.HTTPResponse): HttpResponse {
  return {
    status: response.getResponseCode(),
    headers: lowerCaseHeaders(response.getHeaders() as Record<string, unknown>),
    body: response.getContentText(),
  };
}

const NO_ANSWER: HttpResponse = { status: 0, headers: {}, body: '' };
const QUOTA_SPENT: HttpResponse = { status: 0, headers: {}, body: '', notSent: 'quota' };
const NOT_PERMITTED: HttpResponse = { status: 0, headers: {}, body: '', notSent: 'permission' };
const TOO_FAST: HttpResponse = { status: 0, headers: {}, body: '', notSent: 'rate' };

/** Google's refusal of the pace of the person's calls (X5): nothing was sent. */
const isShortTimeRate = (message: string): boolean =>
  /too many times in a short time|Utilities\.sleep\(1000\)/i.test(message);

/**
 * Google's words once the user's daily URL fetches are used up: "Service invoked too many times
 * for one day: urlfetch." ("…: premium urlfetch." on Workspace; translated in the user's
 * language, the service name kept). The short-time variant ("…in a short time: urlfetch. Try
 * Utilities.sleep(1000)…") is a rate limit, not the day's quota.
 */
export function isDailyFetchQuota(message: string): boolean {
  if (/short time|Utilities\.sleep/i.test(message)) return false;
  return (
    /too many times for one day: (premium )?urlfetch/i.test(message) ||
    /[:：]\s*(premium )?urlfetch\.?\s*$/i.test(message)
  );
}

export const urlFetchTransport: Transport = {
  fetchAll(requests: HttpRequest[]): HttpResponse[] {
    if (requests.length === 0) return [];
    countFetches(requests.length);
    try {
      return UrlFetchApp.fetchAll(requests.map(toFetchRequest)).map((response, i) =>
        withoutKeyEcho(requests[i]!, fromResponse(response)),
      );
    } catch (error) {
      if (isDailyFetchQuota(String(error))) {
        // Not a dropped connection: nothing was sent, and sending again only fails again.
        noteQuotaSpent();
        return requests.map(() => QUOTA_SPENT);
      }
      if (isShortTimeRate(String(error))) return requests.map(() => TOO_FAST);
      // The person left "connect to an external service" unticked, or an update added it: the
      // platform refused before sending anything.
      if (permissionNamedIn(String(error)) === 'service') return requests.map(() => NOT_PERMITTED);
      // fetchAll throws for the whole batch when one request gets no answer (DNS, dropped
      // connection), and the answers of the others are lost: all are reported unanswered. The
      // batch runner sends GETs again in smaller batches; a POST may have been acted on, so it
      // is never sent again.
      // Google's message names the address: a webhook's is a secret, so no address is logged.
      console.warn(
        'fetchAll got no answer for its batch',
        String(error).replace(/https?:\/\/\S+/g, '<address>'),
      );
      return requests.map(() => NO_ANSWER);
    }
  },
};
