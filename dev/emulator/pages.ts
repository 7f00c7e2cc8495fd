/** Small HTML pages so report links open to something real. */
import { completed, type PreviewStore } from './previews';

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

function page(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body style="font-family:sans-serif;max-width:40em;margin:2em auto">${body}</body></html>`;
}

export function previewPage(
  previews: PreviewStore,
  uuid: string,
  now: number,
): { status: number; html: string } {
  const p = previews.find(uuid);
  if (!p) return { status: 404, html: page('Not found', '<h1>Preview not found</h1>') };
  if (now < p.completesAt) {
    return {
      status: 200,
      html: page(
        'Scanning…',
        `<h1>Scanning ${escape(p.domain)}…</h1><p>This report fills in when the scan completes (30 to 90 seconds).</p>`,
      ),
    };
  }
  const r = completed(p);
  const slides = r.slides
    .map((s) => `<h2>${escape(s.headline)}</h2><p>${escape(s.subtitle)}</p>`)
    .join('');
  return {
    status: 200,
    html: page(
      `${r.brandName}: AI visibility`,
      `<h1>${escape(r.brandName)}</h1><p>Visibility ${r.overallScore}/100 · knowledge ${r.knowledgeScore} · sentiment ${r.sentimentScore}</p>${slides}`,
    ),
  };
}

export function homePage(report: string | null): string {
  if (!report) return page('Visibility', '<h1>AI visibility, measured</h1>');
  return page(
    'Starting your report',
    `<h1>Starting a visibility report for ${escape(report)}</h1><p>Sign in to continue to the report in progress.</p>`,
  );
}

export function agentReportPage(id: string): string {
  return page(
    `Brand agent ${id}`,
    `<h1>Visibility report of brand agent ${escape(id)}</h1><p>The full report of the latest completed scan.</p>`,
  );
}

export function brandPage(slug: string): string {
  return page(
    slug,
    `<h1>${escape(slug)}</h1><p>Public AI-visibility profile from the brand index.</p>`,
  );
}
