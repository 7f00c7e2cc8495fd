/**
 * What the Settings tab sends, checked before any of it is used: the page is the add-on's own,
 * but its call is any JSON (google.script.run takes what it is given), and a field of the wrong
 * kind must be refused with a sentence, not fail on a method it lacks. Bounds keep each value
 * within what a user property holds (9 KB) with room for the rest.
 */
import * as z from 'zod/mini';
import type { SettingsChange } from '../contract/settings';

/** A real key is a few dozen characters; a property value holds 9 KB. */
export const KEY_MAX_CHARS = 500;
const ADDRESS_MAX_CHARS = 2048;

let schema: z.ZodMiniType<unknown> | undefined;
const settingsChangeSchema = () =>
  (schema ??= z.object({
    apiKey: z.optional(z.string()),
    baseUrl: z.optional(z.string().check(z.maxLength(ADDRESS_MAX_CHARS))),
    allowFormulasToUseKey: z.optional(z.boolean()),
    workspaceAccount: z.optional(z.boolean()),
    webhook: z.optional(z.string().check(z.maxLength(ADDRESS_MAX_CHARS))),
    branding: z.optional(z.unknown()),
  }));

/** The change as the Settings tab meant it, or the sentence that says why it was not saved. */
export function readSettingsChange(input: unknown): SettingsChange | string {
  const parsed = settingsChangeSchema().safeParse(input ?? undefined);
  if (!parsed.success)
    return 'Not saved: the settings sent were not understood. Reload the sidebar and save again.';
  const change = parsed.data as SettingsChange;
  if ((change.apiKey?.trim().length ?? 0) > KEY_MAX_CHARS)
    return `Not saved: that is not an API key (it is over ${KEY_MAX_CHARS} characters). Copy the key again from the service's Settings → API.`;
  return change;
}
