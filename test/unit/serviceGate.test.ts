// The gate for what the service sends (src/api/serviceText.ts, schemas.ts): each hostile answer
// of the security review, refused or made safe where it enters.
import { parsers } from '../../src/api/client';
import { withoutKeyEcho, type HttpRequest } from '../../src/api/http';
import { isWebAddress, oneLine, REDACTED } from '../../src/api/serviceText';
import { json } from './fakes';

const NOW = Date.parse('2026-11-25T12:00:00Z');
const UUID = '0b7c9a52-4a41-4f0e-9d7e-2f1c0d1e2a3b';
const created = (extra: Record<string, unknown>) =>
  parsers.previewCreate(
    json(200, { uuid: UUID, reportUrl: `https://r.example/${UUID}`, ...extra }),
    NOW,
  );
const polled = (extra: Record<string, unknown>) =>
  parsers.previewPoll(json(200, { status: 'complete', ...extra }), NOW);
const scored = (extra: Record<string, unknown>) =>
  parsers.score(json(200, { brandName: 'Acme', overallScore: 50, ...extra }), NOW);

describe('scores outside 0-100 are impossible answers, named as such', () => {
  it.each([
    ['overallScore', -5],
    ['overallScore', 101],
    ['overallScore', 1e308],
    ['knowledgeScore', 101],
    ['sentimentScore', -1],
  ])('a preview with %s %p', (field, value) => {
    const r = polled({ overallScore: 50, [field]: value });
    expect(!r.ok && r.error.what).toContain(`impossible score in ${field}`);
  });
  it.each([-5, 101, 1e308])('a public score of %p', (value) => {
    const r = scored({ overallScore: value });
    expect(!r.ok && r.error.code).toBe('MALFORMED_RESPONSE');
  });
  it('an engine score out of range too', () => {
    const r = scored({ platformScores: { chatgpt: 150 } });
    expect(!r.ok && r.error.what).toContain('impossible score in platformScores.chatgpt');
  });
  it('the edges are readings', () => {
    expect(scored({ overallScore: 0 }).ok).toBe(true);
    expect(scored({ overallScore: 100 }).ok).toBe(true);
  });
});

describe('ids and addresses', () => {
  it.each([['u'], ['x'.repeat(3000)], [`${UUID}\n`], [`=HYPERLINK("x")`]])(
    'a preview uuid %# not in the UUID form is refused',
    (uuid) => {
      const r = created({ uuid });
      expect(!r.ok && r.error.what).toContain('bad field: uuid');
    },
  );
  it.each([
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['http://evil.example/x', false],
    ['https://evil.example/a b', false],
    ['https://x.example/"onmouseover="', false],
    [`https://${'a'.repeat(2001)}.example`, false],
    ['https://agency.example/visibility-scan-preview/u', true],
    ['http://127.0.0.1:8787/partner/p/visibility-scan-preview/u', true],
  ])('address %# is a web address: %p', (url, expected) => {
    expect(isWebAddress(url)).toBe(expected);
    // The preview still counts (its uuid polls), its link is none.
    const r = created({ reportUrl: url });
    expect(r.ok && r.value.reportUrl).toBe(expected ? url : null);
  });
});

describe('text without control characters or keys', () => {
  it.each([
    ['line\r\nbreak\ttab', 'line break tab'],
    ['\u202eevil\u202c', 'evil'],
    ['\u200b\ufeffZero width', 'Zero width'],
    ['bell\u0007 and \u0085next', 'bell and next'],
    ['key sk_live_9f8e7d6c5b4a3 echoed', `key ${REDACTED} echoed`],
    ['token 4f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c', `token ${REDACTED}`],
    [`uuid ${UUID} stays`, `uuid ${UUID} stays`],
    ['plain words stay', 'plain words stay'],
  ])('%j reads %j', (raw, expected) => {
    expect(oneLine(raw)).toBe(expected);
    const r = scored({ brandName: raw });
    expect(r.ok && r.value.brandName).toBe(expected);
  });
  it('a key the service echoes in an error never reaches the message', () => {
    const request: HttpRequest = {
      method: 'post',
      url: 'https://svc.example/api/visibility/scan-preview',
      headers: { 'x-api-key': 'short-key-1' },
    };
    const answer = withoutKeyEcho(
      request,
      json(
        400,
        { error: 'Key short-key-1 may not preview this', code: 'BAD' },
        {
          'x-echo': 'short-key-1',
        },
      ),
    );
    const r = parsers.previewCreate(answer, NOW);
    expect(!r.ok && r.error.message).toContain(`Key ${REDACTED} may not preview this`);
    expect(JSON.stringify(r)).not.toContain('short-key-1');
    expect(answer.headers['x-echo']).toBe(REDACTED);
  });
});
