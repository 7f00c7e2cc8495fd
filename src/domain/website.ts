/**
 * Website normalisation for lookups and de-duplication, without the URL global (Apps Script's
 * V8 has none). `https://www.Acme.com/pricing?x=1`, `acme.com` and `http://acme.com/` are one brand.
 */
import { holdsHidden } from './destinations';

export type Website =
  | { ok: true; domain: string; url: string }
  | { ok: false; blank: true }
  | { ok: false; blank: false; message: string };

const MAX_INPUT = 2048;
const LABEL = /^(?!-)[a-z0-9\u00a1-\uffff-]{1,63}(?<!-)$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function invalid(message: string): Website {
  return { ok: false, blank: false, message };
}

function unsupported(scheme: string): Website {
  return invalid(
    `not a website: ${scheme}: addresses are not supported; use a web address like example.com`,
  );
}

/** Accepts any cell value: numbers, booleans and dates are not websites. */
export function parseWebsite(input: unknown): Website {
  if (input === null || input === undefined) return { ok: false, blank: true };
  if (typeof input !== 'string') {
    return invalid(
      'not a website: the cell holds a number, date or true/false; type the address, like example.com',
    );
  }
  const text = input.trim();
  if (text === '') return { ok: false, blank: true };
  if (text.startsWith('@'))
    return invalid(
      'not a website: text starting with @ is not an address; type one like example.com',
    );
  if (text.length > MAX_INPUT)
    return invalid('not a website: the text is too long for one address; put one website per cell');
  // A right-to-left override or a zero-width space makes an address read other than it is.
  if (holdsHidden(text))
    return invalid(
      'not a website: it holds hidden characters (right-to-left or zero-width marks); type the address again',
    );

  let scheme = 'https';
  let rest = text;
  const withAuthority = /^([a-z][a-z0-9+.-]*):\/\//i.exec(text);
  const bareScheme = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(text);
  if (withAuthority) {
    scheme = (withAuthority[1] ?? '').toLowerCase();
    if (scheme !== 'http' && scheme !== 'https') return unsupported(scheme);
    rest = text.slice(withAuthority[0].length);
  } else if (bareScheme) {
    // `javascript:`, `data:`, `mailto:`; a digit after the colon is a port (`acme.com:8080`).
    return unsupported((bareScheme[1] ?? '').toLowerCase());
  } else if (text.startsWith('//')) {
    rest = text.slice(2);
  }

  const authority = rest.split(/[/?#]/)[0] ?? '';
  // Credentials must reach neither the service nor a log: refused before anything is sent.
  if (authority.includes('@')) {
    const user = authority.slice(0, authority.lastIndexOf('@'));
    return invalid(
      withAuthority || user.includes(':')
        ? 'not a website: remove the user name and password (user:pass@) from the address'
        : "not a website: that is an e-mail address; type the company's website, like example.com",
    );
  }
  const host = authority.replace(/:\d*$/, '').replace(/\.$/, '').toLowerCase();
  if (/\s/.test(host) && !holdsSeveral(text) && parseWebsite(text.replace(/\s+/g, '')).ok)
    return invalid('not a website: a web address has no spaces; remove them, as in example.com');
  if (host === '' || /[\s,;]/.test(host)) {
    if (holdsSeveral(text)) {
      return invalid('one website per cell: put each of these websites in its own row');
    }
    return invalid('not a website: write an address like example.com');
  }
  if (IPV4.test(host) || host.startsWith('[')) {
    return invalid('not a website: use the domain name, not an IP address');
  }
  const labels = host.split('.');
  if (labels.length < 2 || host.length > 253 || !labels.every((l) => LABEL.test(l))) {
    return invalid('not a website: use an address like example.com');
  }
  if (!/^(xn--[a-z0-9-]+|[a-z\u00a1-\uffff]{2,63})$/.test(labels[labels.length - 1] ?? '')) {
    return invalid('not a website: the domain ending (like .com) is not valid; check the spelling');
  }
  const domain = labels[0] === 'www' && labels.length > 2 ? labels.slice(1).join('.') : host;
  const path = rest.slice(authority.length);
  return { ok: true, domain, url: `${scheme}://${host}${path.startsWith('/') ? path : '/'}` };
}

/** `a.com, b.com` or `a.com b.com`: a pasted list rather than one website. */
function holdsSeveral(text: string): boolean {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  return parts.length > 1 && parts.filter((p) => parseWebsite(p).ok).length > 1;
}
