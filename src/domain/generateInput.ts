/**
 * What the Previews tab sends to Generate (a continued run, Retry, "Make them again"), checked
 * before any of it is used: google.script.run takes any JSON, and a field of the wrong kind must
 * be refused with a sentence, not fail on a method it lacks.
 */
import * as z from 'zod/mini';
import type { GenerateRequest } from '../contract/previews';

const NAME_MAX_CHARS = 200;

let schema: z.ZodMiniType<unknown> | undefined;
const generateRequestSchema = () =>
  (schema ??= z.object({
    sheetName: z.string().check(z.maxLength(NAME_MAX_CHARS)),
    a1: z.string().check(z.maxLength(NAME_MAX_CHARS)),
    only: z.optional(z.enum(['failed', 'notInIndex', 'stranded'])),
    maker: z.optional(z.string().check(z.maxLength(NAME_MAX_CHARS))),
    run: z.optional(z.string().check(z.maxLength(NAME_MAX_CHARS))),
  }));

/**
 * The request as the page meant it; undefined for a press on the selection (no request); or the
 * sentence that says why it was not understood.
 */
export function readGenerateRequest(input: unknown): GenerateRequest | undefined | string {
  if (input === undefined || input === null) return undefined;
  const parsed = generateRequestSchema().safeParse(input);
  return parsed.success
    ? (parsed.data as GenerateRequest)
    : 'Nothing was sent: the request was not understood. Select the websites and press Generate again (reload the sidebar if this repeats).';
}
