/**
 * The add-on's Workspace Studio steps, stated once: build.mjs writes the manifest's
 * `addOns.flows.workflowElements` from this table (Google's "Build a step" shape), src/gas/studio.ts draws each step's outputs by
 * it, and src/index.ts exports the functions it names. An output's id is what later steps of an
 * agent pick from; its type is Studio's `basicType`.
 */
import { ENGINES, PLATFORMS } from '../engines';
import { VISIBILITY_LEVELS } from './levels';

export type BasicType = 'STRING' | 'INTEGER';

export interface StepVariable {
  id: string;
  description: string;
  type: BasicType;
}

export interface StudioStep {
  id: string;
  name: string;
  description: string;
  inputs: readonly StepVariable[];
  outputs: readonly StepVariable[];
  onConfigFunction: string;
  onExecuteFunction: string;
}

const website: StepVariable = {
  id: 'website',
  description: 'The website, like acmeanalytics.com',
  type: 'STRING',
};
const score = (what: string): StepVariable => ({ id: 'score', description: what, type: 'INTEGER' });
const level: StepVariable = {
  id: 'level',
  description: `Its level: ${VISIBILITY_LEVELS.join(', ')}`,
  type: 'STRING',
};
const previewId: StepVariable = {
  id: 'previewId',
  description: 'The preview’s ID, for “Wait for the preview’s score”',
  type: 'STRING',
};
const reportLink: StepVariable = {
  id: 'reportLink',
  description: 'The preview’s report link, to send or share',
  type: 'STRING',
};

/** An engine's output: `chatgptScore`, …; empty where the scan did not ask that engine. */
export const engineOutputId = (platform: keyof typeof ENGINES) => `${platform}Score`;

export const STUDIO_STEPS = {
  score: {
    id: 'getVisibilityScore',
    name: 'Get AI-visibility score',
    description:
      'Looks up a website’s Public score in the public brand index. Needs no API key and spends no preview.',
    inputs: [website],
    outputs: [
      { id: 'brand', description: 'The brand’s name, as the index has it', type: 'STRING' },
      score('The Public score, 0 to 100'),
      level,
      ...PLATFORMS.map((p) => ({
        id: engineOutputId(p),
        description: `${ENGINES[p]}'s score, empty where the scan did not ask ${ENGINES[p]}`,
        type: 'INTEGER' as const,
      })),
      { id: 'scanDate', description: 'The day it was last scanned (YYYY-MM-DD)', type: 'STRING' },
      { id: 'brandPage', description: 'The brand’s public page', type: 'STRING' },
    ],
    onConfigFunction: 'onConfigScoreStep',
    onExecuteFunction: 'onExecuteScoreStep',
  },
  create: {
    id: 'createVisibilityPreview',
    name: 'Create visibility preview',
    description:
      'Makes one preview scan of a website with your API key (saved in the Sheets add-on’s Settings) and gives its report link.',
    inputs: [website],
    outputs: [
      reportLink,
      previewId,
      { id: 'state', description: 'pending until the scan completes', type: 'STRING' },
    ],
    onConfigFunction: 'onConfigCreateStep',
    onExecuteFunction: 'onExecuteCreateStep',
  },
  wait: {
    id: 'waitForPreviewScore',
    name: 'Wait for the preview’s score',
    description:
      'Waits until a preview’s scan completes (Studio tries again while it scans) and gives its Preview scan score.',
    inputs: [previewId],
    outputs: [
      score('The Preview scan score, 0 to 100'),
      level,
      { id: 'knowledge', description: 'Knowledge score, 0 to 100', type: 'INTEGER' },
      { id: 'sentiment', description: 'Sentiment score, 0 to 100', type: 'INTEGER' },
      reportLink,
    ],
    onConfigFunction: 'onConfigWaitStep',
    onExecuteFunction: 'onExecuteWaitStep',
  },
} as const satisfies Record<string, StudioStep>;

export type StepName = keyof typeof STUDIO_STEPS;
