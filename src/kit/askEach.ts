/**
 * Distinct keys asked for within a time budget, each answer found again by its key: the one way
 * polls, the scan monitor and rescans ask the service about many things at once.
 */
import type { Result } from '../api/errors';
import type { HttpRequest, HttpResponse } from '../api/http';
import type { AskOptions, ServicePort } from './ports';

export function askEach<K, T>(
  service: ServicePort,
  budgetMs: number,
  keys: K[],
  request: (key: K) => HttpRequest,
  parse: (response: HttpResponse, nowMs: number) => Result<T>,
  options: AskOptions = {},
): Map<K, Result<T> | undefined> {
  const distinct = Array.from(new Set(keys));
  const results = service.ask(distinct.map(request), parse, budgetMs, options);
  return new Map(distinct.map((k, i) => [k, results[i]]));
}
