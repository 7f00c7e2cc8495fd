/**
 * Settings -> Branding: what a report's cover carries instead of this add-on's name. Kept in the
 * person's user properties as JSON; checked here on save and again on every read, so a damaged
 * value falls back to the defaults rather than breaking a report.
 */
import type { Branding } from '../contract/reports';

export type { Branding };
export const DEFAULT_BRANDING: Branding = {
  agency: '',
  accent: '#1a73e8',
  logoUrl: '',
  credit: false,
};

const HEX = /^#[0-9a-f]{6}$/i;
const AGENCY_MAX = 80;
const URL_MAX = 2000;

export type BrandingCheck = { ok: true; branding: Branding } | { ok: false; message: string };

/** A branding as the person typed it: refused in words when a field is not usable. */
export function checkBranding(input: Partial<Record<keyof Branding, unknown>>): BrandingCheck {
  const agency = String(input.agency ?? '').trim();
  const accent = String(input.accent ?? '').trim() || DEFAULT_BRANDING.accent;
  const logoUrl = String(input.logoUrl ?? '').trim();
  if (agency.length > AGENCY_MAX)
    return { ok: false, message: `The agency name is at most ${AGENCY_MAX} characters.` };
  if (!HEX.test(accent))
    return { ok: false, message: 'The accent colour is a hex colour such as #1a73e8.' };
  if (logoUrl && (!/^https:\/\/\S+$/.test(logoUrl) || logoUrl.length > URL_MAX))
    return {
      ok: false,
      message: 'The logo is a public https:// address of a PNG, JPEG or GIF image.',
    };
  return { ok: true, branding: { agency, accent, logoUrl, credit: input.credit === true } };
}

/** The saved branding, or the defaults when none (or a damaged one) is saved. */
export function brandingOf(saved: string | null): Branding {
  if (!saved) return DEFAULT_BRANDING;
  try {
    const check = checkBranding(JSON.parse(saved) as Record<string, unknown>);
    return check.ok ? check.branding : DEFAULT_BRANDING;
  } catch {
    return DEFAULT_BRANDING;
  }
}
