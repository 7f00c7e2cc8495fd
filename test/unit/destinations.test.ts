// One escaper per destination (src/domain/destinations.ts), with the hostile strings of the
// security review: each row failed on the rules before them.
import {
  chatText,
  looksLikeFormula,
  oneLineTitle,
  plainText,
  slackText,
} from '../../src/domain/destinations';
import { safeText } from '../../src/domain/cells';
import { teamMarkup } from '../../src/domain/webhook';

describe('cells and CSV: what Sheets would run as a formula', () => {
  it.each([
    ['=IMPORTXML("x")', true],
    ['+1+1', true],
    ['-2+3', true],
    ['@SUM(A1)', true],
    ['\t=1', true],
    ['\r=1', true],
    ['\n=1', true],
    ['  =1', true],
    ['\u200b=1', true],
    ['\ufeff=1', true],
    ['＝1+1', true],
    ['＋1', true],
    ['－1', true],
    ['＠A1', true],
    ['\tplain', true],
    ['Acme = best', false],
    ['acme.com', false],
    ['', false],
  ])('%j: %p', (text, formula) => {
    expect(looksLikeFormula(text)).toBe(formula);
    expect(safeText(text)).toBe(formula ? `'${text}` : text);
  });
});

describe('team webhooks', () => {
  const brand = '<https://evil.example/login|Open the Acme report> <!channel> & <users/all>';
  it('Slack: & < > as entities, so no link or mention survives', () => {
    expect(slackText(brand)).toBe(
      '&lt;https://evil.example/login|Open the Acme report&gt; &lt;!channel&gt; &amp; &lt;users/all&gt;',
    );
    expect(teamMarkup('Slack', brand)).not.toMatch(/[<>]/);
  });
  it('Google Chat: no angle brackets, so no <url|text> link and no <users/all>', () => {
    expect(chatText(brand)).toBe(
      '‹https://evil.example/login|Open the Acme report› ‹!channel› & ‹users/all›',
    );
    expect(teamMarkup('Google Chat', brand)).not.toMatch(/[<>]/);
  });
  it('bold markup of the add-on’s own stays', () => {
    expect(slackText('*3 changes*')).toBe('*3 changes*');
  });
});

describe('e-mail subjects, titles and plain text', () => {
  it.each([
    ['Weekly\r\nBcc: victim@example.com', 'Weekly Bcc: victim@example.com'],
    ['a\u2028b', 'a b'],
    ['x'.repeat(300), 'x'.repeat(200)],
  ])('a subject is one line: %#', (raw, expected) => {
    expect(oneLineTitle(raw)).toBe(expected);
  });
  it('a body keeps its lines and loses other control characters', () => {
    expect(plainText('a\r\nb\u0007\u202ec\u200b')).toBe('a\nbc');
  });
});
