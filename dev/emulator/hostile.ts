/**
 * Hostile answers for the reliability tests: every text field a client might write into a cell
 * begins with = + - or @, and every link is javascript: or data:. The records stay schema-valid.
 */
import type { Reply } from './reply';

type Body = Record<string, unknown>;

export function hostile(method: string, path: string, body: unknown): unknown {
  if (!body || typeof body !== 'object' || 'error' in body) return body;
  const b = { ...(body as Body) };
  if (path === '/api/visibility/scan-preview' && method === 'POST') {
    b.reportUrl = 'javascript:alert(document.cookie)';
    b.previewUrl = 'javascript:alert(document.cookie)';
  } else if (path === '/api/visibility/scan-preview') {
    if (b.status === 'complete') b.agentSiteUrl = '=HYPERLINK("https://evil.example","click")';
    if ('reportUrl' in b) b.reportUrl = 'javascript:alert(document.cookie)';
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

/**
 * The security review's attacks on the add-on, one at a time (faults `attack`): each turns the
 * service's answer into what a hostile or broken service could send. The add-on must come out of
 * each with nothing written as code, no key shown, no impossible reading and no merged rows.
 */
export const ATTACKS = {
  /** The key the request carried, echoed in an error's text and in every text field. */
  echoKey: (call, answer) => {
    const said = `Key ${call.key} may not do this`;
    if (call.method === 'POST' && call.path === '/api/visibility/scan-preview')
      return { status: 400, body: { error: said, code: 'BAD_REQUEST' } };
    return withText(answer, said);
  },
  /** Scores outside 0-100: a preview's overall and knowledge, a brand's public score. */
  impossibleScores: (call, answer) => {
    if (answer.status !== 200 || !isRecord(answer.body)) return answer;
    const b = { ...answer.body };
    if (call.path === '/api/visibility/scan-preview' && b.status === 'complete')
      Object.assign(b, { overallScore: 101, knowledgeScore: -5 });
    if (call.path === '/api/visibility/score') b.overallScore = 1e308;
    return { ...answer, body: b };
  },
  /** Every preview made gets one and the same uuid. */
  sameUuid: (call, answer) =>
    call.method === 'POST' && isRecord(answer.body) && answer.status === 200
      ? { ...answer, body: { ...answer.body, uuid: '00000000-0000-4000-8000-000000000000' } }
      : answer,
  /** A uuid of 3,000 characters. */
  longUuid: (call, answer) =>
    call.method === 'POST' && isRecord(answer.body) && answer.status === 200
      ? { ...answer, body: { ...answer.body, uuid: 'a'.repeat(3000) } }
      : answer,
  /** Formulas behind what OWASP's first list misses: a tab, a line feed, spaces, zero-width, full width. */
  hiddenFormulas: (_call, answer) =>
    withText(answer, '\t=HYPERLINK("https://evil.example")', [
      '\n=1+1',
      '  =1+1',
      '\u200b=1+1',
      '\ufeff@SUM(1)',
      '＝1+1',
    ]),
  /** Every call but a score lookup answered with a redirect to one (a moved or hijacked address). */
  redirect: (call, answer) =>
    call.path === '/api/visibility/score'
      ? answer
      : {
          status: 302,
          body: {},
          headers: { location: '/api/visibility/score?slug=acme-analytics' },
        },
  /** Slack's and Google Chat's link and mention markup in a brand's name. */
  markup: (_call, answer) =>
    withText(answer, '<https://evil.example/login|Open the Acme report> <!channel> <users/all>'),
} satisfies Record<string, (call: Call, answer: Reply) => Reply>;

export type Attack = keyof typeof ATTACKS;

interface Call {
  method: string;
  path: string;
  key: string;
}

const TEXT_FIELDS = ['brandName', 'message', 'summary'];
const isRecord = (v: unknown): v is Body => !!v && typeof v === 'object' && !Array.isArray(v);

/** `text` (or the next of `more`, field by field) in every text field the answer has. */
function withText(answer: Reply, text: string, more: string[] = []): Reply {
  if (!isRecord(answer.body) || 'error' in answer.body) return answer;
  const b = { ...answer.body };
  const texts = [text, ...more];
  TEXT_FIELDS.filter((f) => f in b).forEach((f, i) => (b[f] = texts[i % texts.length]));
  return { ...answer, body: b };
}
