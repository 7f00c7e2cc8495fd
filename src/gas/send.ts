/** The batch runner over UrlFetchApp and the Apps Script clock, for entry points with a time budget. */
import { sendAll, type BatchOptions, type BatchOutcome } from '../api/batch';
import type { Result } from '../api/errors';
import type { HttpRequest, HttpResponse } from '../api/http';
import { appsScriptClock } from './clock';
import { urlFetchTransport } from './transport';

export function sendWithin<T>(
  budgetMs: number,
  requests: HttpRequest[],
  parse: (response: HttpResponse, nowMs: number) => Result<T>,
  options: Partial<Omit<BatchOptions, 'clock' | 'deadline'>> = {},
): BatchOutcome<T> {
  return sendAll(urlFetchTransport, requests, parse, {
    ...options,
    clock: appsScriptClock,
    deadline: appsScriptClock.now() + budgetMs,
  });
}
