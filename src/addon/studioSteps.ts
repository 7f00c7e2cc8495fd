/**
 * Workspace Studio's steps, on the platform kit: "Get AI-visibility score" (keyless), "Create
 * visibility preview" and "Wait for the preview's score" (the person's own key). Each reads its
 * input, decides in src/domain/studioSteps.ts, asks the service once through the same metered
 * batch as the sidebar, and answers with output variables or an error Studio understands.
 */
import * as z from 'zod/mini';
import { lazy } from '../api/schemas';
import { parsers, requests } from '../api/client';
import { STUDIO_STEPS, type StepName } from '../contract/studio';
import {
  createInput,
  createOutcome,
  noKey,
  previewIdInput,
  scoreOutcome,
  waitOutcome,
  websiteInput,
  type StepOutcome,
} from '../domain/studioSteps';
import { appsScriptKit } from '../gas/kit';
import { drawStepConfig, drawStepOutcome } from '../gas/studio';
import type { Kit } from '../kit/ports';
import { CARD_BUDGET_MS, sendPreviewCreate } from './workspaceLinks';

export function scoreStep(website: unknown, kit: Kit): StepOutcome {
  const site = websiteInput(website);
  if ('error' in site) return site;
  // The public index is asked without the key: nothing of the person's goes where none is needed.
  const { baseUrl } = kit.service.config();
  const [answer] = kit.service.ask(
    [requests.score({ baseUrl }, { by: 'url', value: site.url })],
    parsers.score,
    CARD_BUDGET_MS,
  );
  return scoreOutcome(site.domain, answer);
}

export function createStep(website: unknown, kit: Kit): StepOutcome {
  const site = createInput(website, Boolean(kit.service.config().apiKey));
  if ('error' in site) return site;
  return createOutcome(site.domain, sendPreviewCreate(site.url, kit));
}

export function waitStep(previewId: unknown, kit: Kit): StepOutcome {
  const id = previewIdInput(previewId);
  if ('error' in id) return id;
  const config = kit.service.config();
  if (!config.apiKey) return noKey();
  const [answer] = kit.service.ask(
    [requests.previewPoll(config, id.uuid)],
    parsers.previewPoll,
    CARD_BUDGET_MS,
  );
  return waitOutcome(id.uuid, answer);
}

const variable = () =>
  z.object({
    stringValues: z.optional(z.array(z.string())),
    integerValues: z.optional(z.array(z.number())),
  });
const stepEvent = lazy(() =>
  z.looseObject({
    workflow: z.looseObject({
      actionInvocation: z.looseObject({ inputs: z.record(z.string(), variable()) }),
    }),
  }),
);

/** An input's first value as Studio sends it (a string, or an integer as text); undefined if absent. */
export function stepInput(event: unknown, id: string): string | undefined {
  const e = stepEvent().safeParse(event);
  if (!e.success) return undefined;
  const v = e.data.workflow.actionInvocation.inputs[id];
  const first = v?.stringValues?.[0] ?? v?.integerValues?.[0];
  return first === undefined ? undefined : String(first);
}

const STEPS: Record<StepName, (input: unknown, kit: Kit) => StepOutcome> = {
  score: scoreStep,
  create: createStep,
  wait: waitStep,
};

function execute(name: StepName, event: unknown) {
  const step = STUDIO_STEPS[name];
  const input = stepInput(event, step.inputs[0]!.id);
  return drawStepOutcome(step, STEPS[name](input, appsScriptKit()));
}

export const onConfigScoreStep = () => drawStepConfig(STUDIO_STEPS.score);
export const onConfigCreateStep = () => drawStepConfig(STUDIO_STEPS.create);
export const onConfigWaitStep = () => drawStepConfig(STUDIO_STEPS.wait);
export const onExecuteScoreStep = (event: unknown) => execute('score', event);
export const onExecuteCreateStep = (event: unknown) => execute('create', event);
export const onExecuteWaitStep = (event: unknown) => execute('wait', event);
