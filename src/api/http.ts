/** The HTTP shapes the client speaks; the Apps Script adapter maps them onto UrlFetchApp. */
import { REDACTED } from './serviceText';
type HttpMethod = 'get' | 'post';

export interface HttpRequest {
  method: HttpMethod;
  url: string;
  headers: Record<string, string>;
  /** JSON body, serialised by the transport. */
  payload?: unknown;
}

export interface HttpResponse {
  /** 0 when the request never got an HTTP answer (connection refused, dropped, timed out). */
  status: number;
  /** Header names lower-cased. */
  headers: Record<string, string>;
  body: string;
  /**
   * The platform refused to send it, so nothing reached the service and nothing will until the
   * person acts: the user's daily URL-fetch quota (shared by every script and add-on they run) is
   * used up, or they did not grant the permission to connect to external services.
   */
  notSent?: 'quota' | 'permission' | 'rate';
}

/** Synchronous, as UrlFetchApp is: every request of a batch is in flight at once. */
export interface Transport {
  fetchAll(requests: HttpRequest[]): HttpResponse[];
}

export function lowerCaseHeaders(headers: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(headers)) out[name.toLowerCase()] = String(headers[name]);
  return out;
}

/**
 * The answer with every copy of the key its request carried taken out (the service may echo it,
 * in an error's text or a header): no key reaches anything the answer is written to.
 */
export function withoutKeyEcho(request: HttpRequest, response: HttpResponse): HttpResponse {
  const key = request.headers['x-api-key'];
  if (!key) return response;
  const redact = (text: string) => text.split(key).join(REDACTED);
  const headers: Record<string, string> = {};
  for (const name of Object.keys(response.headers)) headers[name] = redact(response.headers[name]!);
  return { ...response, headers, body: redact(response.body) };
}
