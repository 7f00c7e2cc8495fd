/**
 * zod schemas for every record of the service. The emulator (dev/emulator) parses every answer it
 * builds (brand scores, scans, previews, errors) with these same schemas before sending it, so the
 * two can never disagree on a field name.
 * Objects are loose: unknown fields are kept, because the spec leaves several shapes open.
 */
import * as z from 'zod/mini';
import { PLATFORMS, type Platform } from '../engines';

/** The spec leaves one platform entry open: a bare number, or an object with `queried` and a score. */
const platformEntrySchema = z.union([
  z.number(),
  z.null(),
  z.looseObject({
    queried: z.optional(z.boolean()),
    score: z.optional(z.nullable(z.number())),
    value: z.optional(z.nullable(z.number())),
  }),
]);
export type PlatformEntry = z.infer<typeof platformEntrySchema>;

const platformScoresSchema = z.looseObject(
  Object.fromEntries(PLATFORMS.map((p) => [p, z.optional(platformEntrySchema)])) as Record<
    Platform,
    z.ZodMiniOptional<typeof platformEntrySchema>
  >,
);

/** The service's note on a record: only what the deck quotes is read (its `next_steps` is not). */
const serviceNoteSchema = z.looseObject({
  what_you_are_seeing: z.optional(z.string()),
});

export const brandScoreSchema = z.looseObject({
  brandName: z.string(),
  slug: z.optional(z.string()),
  overallScore: z.number(),
  visibilityLevel: z.optional(z.string()),
  platformScores: z.optional(platformScoresSchema),
  lastScanDate: z.optional(z.nullable(z.string())),
  brandPageUrl: z.optional(z.nullable(z.string())),
  _service: z.optional(serviceNoteSchema),
});

const agentIdSchema = z.union([z.number(), z.string()]);

export const scanCompleteSchema = z.looseObject({
  syntheticId: agentIdSchema,
  scanAvailable: z.literal(true),
  scanFailed: z.optional(z.literal(false)),
  overallScore: z.number(),
  scanDate: z.string(),
  platformScores: z.optional(platformScoresSchema),
  reportUrl: z.optional(z.nullable(z.string())),
  _service: z.optional(serviceNoteSchema),
});

export const scanFailedSchema = z.looseObject({
  syntheticId: agentIdSchema,
  scanAvailable: z.literal(true),
  scanFailed: z.literal(true),
  overallScore: z.optional(z.number()),
  scanDate: z.optional(z.string()),
  summary: z.optional(z.string()),
});

export const scanRunningSchema = z.looseObject({
  syntheticId: agentIdSchema,
  scanAvailable: z.literal(false),
  scanInProgress: z.literal(true),
  progress: z.optional(z.looseObject({ completedQueries: z.number(), totalQueries: z.number() })),
  message: z.optional(z.string()),
});

const scanNoneSchema = z.looseObject({
  syntheticId: agentIdSchema,
  scanAvailable: z.literal(false),
  scanInProgress: z.optional(z.literal(false)),
  message: z.optional(z.string()),
});

/** Order matters: a failed scan also satisfies the looser parts of the complete shape. */
export const scanStatusSchema = z.union([
  scanFailedSchema,
  scanCompleteSchema,
  scanRunningSchema,
  scanNoneSchema,
]);

/** The trigger's response is not shown by the spec beyond the syntheticId it returns. */
export const scanTriggerSchema = z.looseObject({
  syntheticId: agentIdSchema,
  message: z.optional(z.string()),
});

export const previewCreatedSchema = z.looseObject({
  success: z.optional(z.boolean()),
  uuid: z.string().check(z.minLength(1)),
  status: z.optional(z.string()),
  isPublic: z.optional(z.boolean()),
  reportUrl: z.string(),
  previewUrl: z.optional(z.string()),
  message: z.optional(z.string()),
  warning: z.optional(z.string()),
});

const optionalScore = z.optional(z.nullable(z.number()));

/** The poll response's full field list is not shown: the overall score's name is guessed below. */
export const previewPollSchema = z.looseObject({
  uuid: z.optional(z.string()),
  status: z.string(),
  overallScore: optionalScore,
  visibilityScore: optionalScore,
  score: optionalScore,
  knowledgeScore: optionalScore,
  sentimentScore: optionalScore,
  agentSiteUrl: z.optional(z.nullable(z.string())),
  brandName: z.optional(z.nullable(z.string())),
  reportUrl: z.optional(z.nullable(z.string())),
  message: z.optional(z.string()),
});

/** The names under which the preview's overall score may arrive, most likely first. */
export const PREVIEW_OVERALL_FIELDS = ['overallScore', 'visibilityScore', 'score'] as const;

export const reportSchema = z.looseObject({});

export const errorBodySchema = z.looseObject({
  error: z.optional(z.string()),
  message: z.optional(z.string()),
  code: z.optional(z.string()),
  currentPlan: z.optional(z.string()),
  upgradeUrl: z.optional(z.string()),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
