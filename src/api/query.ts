/** Query-string building without URLSearchParams, which Apps Script's V8 lacks. */
export function withQuery(base: string, params: Record<string, string | number>): string {
  const parts = Object.keys(params).map(
    (name) => `${encodeURIComponent(name)}=${encodeURIComponent(String(params[name]))}`,
  );
  return parts.length ? `${base}?${parts.join('&')}` : base;
}

export function joinUrl(baseUrl: string, path: string): string {
  return baseUrl.replace(/\/+$/, '') + path;
}
