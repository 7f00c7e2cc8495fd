// The service address a release bakes in, and the allowlist prefixes beside it, follow Google's
// allowlist rules: https, a full domain of valid labels, and a wildcard only leading an extra prefix.
//   https://developers.google.com/apps-script/manifest/allowlist-url
import { allowlistProblems, baseUrlProblem } from '../../scripts/manifest-rules.mjs';

describe('VIS_BASE_URL', () => {
  it.each([
    ['https://.com', /without empty labels/],
    ['https://a..com', /without empty labels/],
    ['https://*.example.com/', /must not hold a wildcard/],
    ['https://service.example.com./', /without empty labels or a trailing dot/],
    ['https://-a.example.com/', /letters, digits and hyphens/],
    ['https://a_b.example.com/', /letters, digits and hyphens/],
    ['https://1.2.3.4/', /letters, digits and hyphens/],
    ['https://localhost/', /needs a full domain name/],
    ['http://service.example.com', /must start with https/],
  ])('refuses %s', (url, reason) => {
    expect(baseUrlProblem(url)).toMatch(reason);
  });

  it.each([
    'https://service.example.com',
    'https://api.eu.example.co.uk/',
    'https://service.example.com:8443/',
    'https://xn--bcher-kva.example/',
  ])('accepts %s', (url) => {
    expect(baseUrlProblem(url)).toBeNull();
  });
});

describe('allowlist prefixes (VIS_EXTRA_ALLOWLIST)', () => {
  it('accept a leading wildcard label, as Google allows for subdomains', () => {
    expect(allowlistProblems(['https://*.example.com/', 'https://x.example.com/api/'])).toEqual([]);
  });

  it.each([
    ['https://a.*.example.com/', /wildcard only as its first label/],
    ['https://*.com/', /needs a full domain name/],
    ['https://a..example.com/', /without empty labels/],
    ['https://x.example.com', /a path ending in \//],
  ])('refuse %s', (prefix, reason) => {
    expect(allowlistProblems([prefix]).join(' ')).toMatch(reason);
  });
});
