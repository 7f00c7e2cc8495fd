/**
 * The person's report branding (Settings -> Branding), kept in their own properties as JSON under
 * the key Settings writes (src/gas/settings.ts PROP.branding): what a deck is drawn with. A value
 * that no longer passes Settings' checks (a hand edit) reads as the defaults.
 */
import * as z from 'zod/mini';
import { brandingOf, DEFAULT_BRANDING } from '../domain/branding';
import { recordKind } from './ports';

export const BRANDING = recordKind(
  'branding',
  () =>
    z.object({ agency: z.string(), accent: z.string(), logoUrl: z.string(), credit: z.boolean() }),
  DEFAULT_BRANDING,
  {
    write: (branding) => [JSON.stringify(branding)],
    read: ([text]) => brandingOf(text ?? null),
  },
);
