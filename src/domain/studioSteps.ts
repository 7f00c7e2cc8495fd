/**
 * Workspace Studio's steps decided on plain data: what to send for a step's input, and what the
 * service's answer gives the agent: output variables and a log line, or an error Studio shows on
 * its Activity tab. An error is actionable when the person can fix it by changing the step (a
 * "Fix it" button takes them there) and retryable when the same run may succeed later (Studio
 * tries a step again up to 5 times): a pending preview is a retryable error, so Studio's retries
 * do the waiting.
 */
import type { BrandScore, PreviewCreated, PreviewPoll } from '../api/client';
import type { Result, ServiceError } from '../api/errors';
import { resolvesLater } from '../api/errors';
import { oneLine } from '../api/serviceText';
import { engineOutputId } from '../contract/studio';
import { PLATFORMS } from '../engines';
import { safeLink } from './cells';
import { NO_KEY_REFUSAL, reportLinkOf } from './createPreview';
import { mayResend } from './generationRun';
import { visibilityLevel } from './levels';
import { scanDay } from './linkCard';
import { parseWebsite } from './website';

export interface StepError {
  message: string;
  actionable: boolean;
  retryable: boolean;
}

/** A step's output values by output id; null is an empty variable (never a made-up 0). */
export type StepOutputs = Record<string, string | number | null>;

/** The step stops here: what Studio shows, and whether it tries again. */
export type Refused = { error: StepError };

export type StepOutcome = { outputs: StepOutputs; log: string } | Refused;

/** The person can fix these by changing the step or their Settings; sending again will not. */
const FIXABLE = new Set<ServiceError['code']>([
  'KEY_MISSING',
  'KEY_REFUSED',
  'PLAN_UPGRADE_REQUIRED',
  'PARTNER_SCREENNAME_REQUIRED',
  'READ_ONLY',
  'INVALID_URL',
  'NOT_FOUND',
]);

const fixable = (message: string): Refused => ({
  error: { message, actionable: true, retryable: false },
});
const later = (message: string): Refused => ({
  error: { message, actionable: false, retryable: true },
});

/**
 * The service's refusal as Studio's error. `resendable`: whether sending the same request again
 * is safe (a POST only where the service refused before acting); a GET always is.
 */
export function serviceStepError(
  error: ServiceError,
  resendable: (e: ServiceError) => boolean = resolvesLater,
): Refused {
  if (FIXABLE.has(error.code)) return fixable(error.message);
  if (resendable(error)) return later(error.message);
  return { error: { message: error.message, actionable: false, retryable: false } };
}

const NO_ANSWER = later('The service did not answer in time; Studio tries this step again.');

/** A website typed or passed from an earlier step, or why it is not one. */
export function websiteInput(input: unknown): { url: string; domain: string } | Refused {
  const site = parseWebsite(input);
  if (site.ok) return { url: site.url, domain: site.domain };
  return fixable(
    site.blank
      ? 'The step has no website: type one, or pick an earlier step’s output.'
      : `“${oneLine(String(input)).slice(0, 80)}” is ${site.message}`,
  );
}

export function scoreOutcome(domain: string, answer: Result<BrandScore> | undefined): StepOutcome {
  if (!answer) return NO_ANSWER;
  if (!answer.ok)
    return answer.error.code === 'NOT_FOUND'
      ? fixable(
          `The public index has no brand at ${domain}. Check the website, or use “Create visibility preview” to scan it.`,
        )
      : serviceStepError(answer.error);
  const brand = answer.value;
  const name = oneLine(brand.brandName) || brand.slug;
  const outputs: StepOutputs = {
    brand: name,
    score: brand.overallScore,
    level: visibilityLevel(brand.overallScore),
    scanDate: scanDay(brand.lastScanDate),
    brandPage: safeLink(brand.brandPageUrl) || null,
  };
  for (const p of PLATFORMS) outputs[engineOutputId(p)] = brand.platformScores[p];
  return {
    outputs,
    log: `${domain}: ${name} has a Public score of ${brand.overallScore} (${outputs.level}), last scanned ${outputs.scanDate ?? 'on a day not given'}.`,
  };
}

/** What to send for "Create visibility preview", or why not (no key, not a website). */
/** A step that needs the person's key, run without one: fixed in the Sheets add-on's Settings. */
export const noKey = (): Refused => fixable(NO_KEY_REFUSAL);

export const createInput = (input: unknown, hasKey: boolean) =>
  hasKey ? websiteInput(input) : noKey();

export function createOutcome(
  domain: string,
  answer: Result<PreviewCreated> | undefined,
): StepOutcome {
  if (!answer)
    // A POST left unanswered may have made the preview: trying again could make a second.
    return {
      error: {
        message: `The service did not answer in time and may have made a preview of ${domain}: look in the Sheets add-on's Previews tab before running this again.`,
        actionable: false,
        retryable: false,
      },
    };
  if (!answer.ok) return serviceStepError(answer.error, mayResend);
  const link = reportLinkOf(answer.value);
  if (!link)
    return {
      error: {
        message: 'The service made the preview but sent no report link this add-on can give.',
        actionable: false,
        retryable: false,
      },
    };
  return {
    outputs: {
      reportLink: link,
      previewId: answer.value.uuid,
      state: oneLine(answer.value.status),
    },
    log: `${domain}: preview made (${oneLine(answer.value.status) || 'state not given'}); report ${link}`,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function previewIdInput(input: unknown): { uuid: string } | Refused {
  const id = typeof input === 'string' ? input.trim() : '';
  if (UUID.test(id)) return { uuid: id.toLowerCase() };
  return fixable(
    id
      ? 'That is not a preview ID: pick the “previewId” output of “Create visibility preview”.'
      : 'The step has no preview ID: pick the “previewId” output of “Create visibility preview”.',
  );
}

export function waitOutcome(uuid: string, answer: Result<PreviewPoll> | undefined): StepOutcome {
  if (!answer) return NO_ANSWER;
  if (!answer.ok)
    return answer.error.code === 'NOT_FOUND'
      ? fixable(
          'Your API key did not make this preview, so its score is its maker’s to see. Pick a preview made by this agent.',
        )
      : serviceStepError(answer.error);
  const p = answer.value;
  if (p.status === 'pending')
    return later(`Preview ${uuid} is still scanning; Studio looks again.`);
  if (p.status !== 'complete' || p.overallScore === null)
    return {
      error: {
        message: `The preview's scan did not complete (${oneLine(p.status) || 'no state given'}): make the preview again.`,
        actionable: false,
        retryable: false,
      },
    };
  const name = oneLine(p.brandName ?? '') || 'The preview';
  return {
    outputs: {
      score: p.overallScore,
      level: visibilityLevel(p.overallScore),
      knowledge: p.knowledgeScore,
      sentiment: p.sentimentScore,
      reportLink: safeLink(p.reportUrl) || null,
    },
    log: `${name}: Preview scan score ${p.overallScore} (${visibilityLevel(p.overallScore)}).`,
  };
}
