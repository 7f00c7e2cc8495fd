/** The Transport over UrlFetchApp: one fetchAll per batch, HTTP errors returned, never thrown. */
import { lowerCaseHeaders, type HttpRequest, type HttpResponse, type Transport } from '../api/http';
import { countFetches } from './quota';

type FetchRequest = GoogleAppsScript.URL_Fetch.URLFetchRequest;

function toFetchRequest(request: HttpRequest): FetchRequest {
  const out: FetchRequest = {
    url: request.url,
    method: request.method,
    headers: request.headers,
    muteHttpExceptions: true,
    followRedirects: true,
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

function networkFailure(error: unknown): HttpResponse {
  // The platform's message may quote the URL, never the headers: safe to keep for developers.
  console.warn('UrlFetchApp failed without an HTTP answer', String(error));
  return { status: 0, headers: {}, body: '' };
}

export const urlFetchTransport: Transport = {
  fetchAll(requests: HttpRequest[]): HttpResponse[] {
    if (requests.length === 0) return [];
    countFetches(requests.length);
    try {
      return UrlFetchApp.fetchAll(requests.map(toFetchRequest)).map(fromResponse);
    } catch (error) {
      // fetchAll throws for the whole batch when one request gets no answer (DNS, dropped
      // connection), and the answers of the others are lost. GETs are safe to send again one by
      // one; a POST may have been acted on, so it is reported as unanswered, never re-sent.
      console.warn('fetchAll failed; re-sending its GETs one at a time', String(error));
      return requests.map((request) => {
        if (request.method !== 'get') return networkFailure(error);
        try {
          return fromResponse(UrlFetchApp.fetch(request.url, toFetchRequest(request)));
        } catch (single) {
          return networkFailure(single);
        }
      });
    }
  },
};
