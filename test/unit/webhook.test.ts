import {
  checkWebhook,
  maskWebhook,
  postOutcome,
  teamNote,
  teamText,
  webhookKind,
} from '../../src/domain/webhook';

describe('team webhooks', () => {
  it.each([
    ['https://hooks.slack.com/services/T1/B2/xyz', 'Slack'],
    ['https://chat.googleapis.com/v1/spaces/AAA/messages?key=k&token=t', 'Google Chat'],
    ['https://hooks.slack.com/services/', null],
    ['http://hooks.slack.com/services/T1/B2/xyz', null],
    ['https://hooks.slack.com.evil.example/services/T1/B2/xyz', null],
    ['https://chat.googleapis.com/v2/spaces/AAA/messages', null],
    ['https://example.com/hook', null],
  ])('%s is a webhook of %s', (url, kind) => {
    expect(webhookKind(url)).toBe(kind);
  });

  it('accepts a pasted webhook trimmed, and refuses one with spaces inside', () => {
    expect(checkWebhook('  https://hooks.slack.com/services/T1/B2/xyz \n')).toEqual({
      ok: true,
      kind: 'Slack',
      url: 'https://hooks.slack.com/services/T1/B2/xyz',
    });
    expect(checkWebhook('https://hooks.slack.com/services/T1/B2/x yz')).toMatchObject({
      ok: false,
    });
  });

  it('shows a webhook by its platform and last four characters only', () => {
    expect(maskWebhook('https://hooks.slack.com/services/T1/B2/secretAbcd')).toBe(
      'Slack webhook ••••••••Abcd',
    );
  });

  it.each([
    [200, 'ok', 'sent', ''],
    [404, 'channel_not_found', 'broken', 'Slack answered 404 (channel_not_found)'],
    [410, 'channel_is_archived', 'broken', 'Slack answered 410 (channel_is_archived)'],
    [403, 'action_prohibited', 'broken', 'Slack answered 403 (action_prohibited)'],
    [400, 'invalid_payload', 'broken', 'Slack answered 400 (invalid_payload)'],
    [404, '{"error":{"code":404,"message":"https://secret"}}', 'broken', 'Slack answered 404'],
    [429, 'rate_limited', 'later', 'Slack answered 429 (rate_limited)'],
    [500, 'rollup_error', 'later', 'Slack answered 500 (rollup_error)'],
    [0, '', 'later', 'Slack answered 0'],
  ])('an answer %s %s is %s', (status, body, kind, said) => {
    const o = postOutcome('Slack', status, body);
    expect(o.kind).toBe(kind);
    if (o.kind !== 'sent') expect(o.said).toBe(said);
  });

  it('says what a run adds about its post: once, and nothing once it was said', () => {
    expect(teamNote({ kind: 'sent' })).toBe(' Posted to the team channel.');
    expect(teamNote('stopped')).toBe('');
    expect(teamNote('no webhook')).toMatch(/no Slack or Chat webhook is saved/);
    expect(teamNote(postOutcome('Google Chat', 404, ''))).toMatch(
      /^ Team alert not posted: Google Chat answered 404: the webhook no longer works/,
    );
  });

  it('posts the subject in bold above the body, within both platforms’ limits', () => {
    expect(teamText('3 changes', 'a\nb')).toBe('*3 changes*\na\nb');
    expect(teamText('s', 'x'.repeat(9000)).length).toBeLessThanOrEqual(4000);
  });
});
