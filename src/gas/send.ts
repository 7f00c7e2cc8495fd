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

/**
 * Distinct keys asked for within a time budget, each answer found again by its key: the one way
 * polls, the scan monitor and rescans ask the service about many things at once.
 */
export function askEach<K, T>(
  budgetMs: number,
  keys: K[],
  request: (key: K) => HttpRequest,
  parse: (response: HttpResponse, nowMs: number) => Result<T>,
  options: Partial<Omit<BatchOptions, 'clock' | 'deadline'>> = {},
): Map<K, Result<T> | undefined> {
  const distinct = Array.from(new Set(keys));
  const outcome = sendWithin(budgetMs, distinct.map(request), parse, options);
  return new Map(distinct.map((k, i) => [k, outcome.results[i]]));
}
