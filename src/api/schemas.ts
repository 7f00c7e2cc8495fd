/**
 * zod schemas for every record of the service: the one gate its answers pass. Scores are 0-100,
 * ids are UUIDs, links are web addresses (or none) and text is one clean line (serviceText.ts), so a
 * parsed answer is safe by construction. The emulator (dev/emulator) parses every answer it builds
 * with these same schemas before sending it, so the two can never disagree on a field name.
 * Objects are loose: unknown fields are kept, because the spec leaves several shapes open.
 * Each schema is built on first use, not at load: Apps Script loads the project for every
 * custom-function call, and a call that parses no scan should not pay for the scan's schema.
 */
import * as z from 'zod/mini';
import { PLATFORMS, type Platform } from '../engines';
import { isUuid, isWebAddress, oneLine, SCORE_RANGE } from './serviceText';

/** Made on first use: a schema built at load would cost every execution, a custom function's too. */
export function lazy<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** Service text, cleaned on the way in (control characters, key-shaped tokens, length). */
const text = (max = 160) =>
  z.pipe(
    z.string(),
    z.transform((s: string) => oneLine(s, max)),
  );
const score = () => z.number().check(z.gte(SCORE_RANGE.min), z.lte(SCORE_RANGE.max));
/** A link, or null when it is none a person should be sent to (javascript:, data:, http://…). */
const link = () =>
  z.pipe(
    z.string(),
    z.transform((s: string) => (isWebAddress(s) ? s : null)),
  );
const uuid = () => z.string().check(z.refine(isUuid));

/** The spec leaves one platform entry open: a bare number, or an object with `queried` and a score. */
const platformEntrySchema = lazy(() =>
  z.union([
    score(),
    z.null(),
    z.looseObject({
      queried: z.optional(z.boolean()),
      score: z.optional(z.nullable(score())),
      value: z.optional(z.nullable(score())),
    }),
  ]),
);
export type PlatformEntry = z.infer<ReturnType<typeof platformEntrySchema>>;

const platformScoresSchema = lazy(() =>
  z.looseObject(
    Object.fromEntries(PLATFORMS.map((p) => [p, z.optional(platformEntrySchema())])) as Record<
      Platform,
      z.ZodMiniOptional<ReturnType<typeof platformEntrySchema>>
    >,
  ),
);

/** The service's note on a record: only what the deck quotes is read (its `next_steps` is not). */
const serviceNoteSchema = () => z.looseObject({ what_you_are_seeing: z.optional(text(200)) });

export const brandScoreSchema = lazy(() =>
  z.looseObject({
    brandName: text(120),
    slug: z.optional(text(120)),
    overallScore: score(),
    visibilityLevel: z.optional(text(40)),
    platformScores: z.optional(platformScoresSchema()),
    lastScanDate: z.optional(z.nullable(text(40))),
    brandPageUrl: z.optional(z.nullable(link())),
    _service: z.optional(serviceNoteSchema()),
  }),
);

const agentIdSchema = () => z.union([z.number(), z.string().check(z.regex(/^\d{1,15}$/))]);

const scanCompleteSchema = lazy(() =>
  z.looseObject({
    syntheticId: agentIdSchema(),
    scanAvailable: z.literal(true),
    scanFailed: z.optional(z.literal(false)),
    overallScore: score(),
    scanDate: text(40),
    platformScores: z.optional(platformScoresSchema()),
    reportUrl: z.optional(z.nullable(link())),
    _service: z.optional(serviceNoteSchema()),
  }),
);

const scanFailedSchema = lazy(() =>
  z.looseObject({
    syntheticId: agentIdSchema(),
    scanAvailable: z.literal(true),
    scanFailed: z.literal(true),
    // A failed scan's score is meaningless and never shown: any number is accepted.
    overallScore: z.optional(z.number()),
    scanDate: z.optional(text(40)),
    summary: z.optional(text()),
  }),
);

const scanRunningSchema = lazy(() =>
  z.looseObject({
    syntheticId: agentIdSchema(),
    scanAvailable: z.literal(false),
    scanInProgress: z.literal(true),
    progress: z.optional(z.looseObject({ completedQueries: z.number(), totalQueries: z.number() })),
    message: z.optional(text()),
  }),
);

const scanNoneSchema = lazy(() =>
  z.looseObject({
    syntheticId: agentIdSchema(),
    scanAvailable: z.literal(false),
    scanInProgress: z.optional(z.literal(false)),
    message: z.optional(text()),
  }),
);

export type ScanFailed = z.infer<ReturnType<typeof scanFailedSchema>>;
export type ScanComplete = z.infer<ReturnType<typeof scanCompleteSchema>>;
export type ScanRunning = z.infer<ReturnType<typeof scanRunningSchema>>;

/** Order matters: a failed scan also satisfies the looser parts of the complete shape. */
export const scanStatusSchema = lazy(() =>
  z.union([scanFailedSchema(), scanCompleteSchema(), scanRunningSchema(), scanNoneSchema()]),
);

/** The trigger's response is not shown by the spec beyond the syntheticId it returns. */
export const scanTriggerSchema = lazy(() =>
  z.looseObject({ syntheticId: agentIdSchema(), message: z.optional(text()) }),
);

export const previewCreatedSchema = lazy(() =>
  z.looseObject({
    success: z.optional(z.boolean()),
    uuid: uuid(),
    status: z.optional(text(40)),
    isPublic: z.optional(z.boolean()),
    reportUrl: link(),
    previewUrl: z.optional(link()),
    message: z.optional(text()),
    warning: z.optional(text()),
  }),
);

/** The poll response's full field list is not shown: the overall score's name is guessed below. */
export const previewPollSchema = lazy(() => {
  const optionalScore = z.optional(z.nullable(score()));
  return z.looseObject({
    uuid: z.optional(uuid()),
    status: text(40),
    overallScore: optionalScore,
    visibilityScore: optionalScore,
    score: optionalScore,
    knowledgeScore: optionalScore,
    sentimentScore: optionalScore,
    agentSiteUrl: z.optional(z.nullable(link())),
    brandName: z.optional(z.nullable(text(80))),
    reportUrl: z.optional(z.nullable(link())),
    message: z.optional(text()),
  });
});

/** The names under which the preview's overall score may arrive, most likely first. */
export const PREVIEW_OVERALL_FIELDS = ['overallScore', 'visibilityScore', 'score'] as const;

export const reportSchema = lazy(() => z.looseObject({}));

export const errorBodySchema = lazy(() =>
  z.looseObject({
    error: z.optional(text()),
    message: z.optional(text()),
    code: z.optional(z.string()),
    currentPlan: z.optional(text(40)),
    // Checked where it is used (errors.ts): a bad link must not lose the error's code.
    upgradeUrl: z.optional(z.string()),
  }),
);
export type ErrorBody = z.infer<ReturnType<typeof errorBodySchema>>;
