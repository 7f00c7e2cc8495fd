/**
 * What each word and number of the add-on means, in one table: Help shows it, and
 * docs/guide/methodology.md quotes it (`npm run docs`). The engines, the levels and the swing's
 * numbers come from their own tables.
 */
import { ENGINES } from '../engines';
import { levelsInWords } from './levels';
import { DEFAULT_SWING, MIN_READINGS_FOR_OWN_SWING } from './swing';

const engines = Object.values(ENGINES).join(', ');

export const GLOSSARY: ReadonlyArray<readonly [term: string, meaning: string]> = [
  [
    'Public score',
    "The brand's AI visibility score, 0 to 100, from the service's public brand index: how visible the brand is in AI assistants' answers, as of its last scan. No key needed.",
  ],
  [
    'Engine scores',
    `The same score per AI engine (${engines}), 0 to 100. An engine the scan did not query is blank, "not queried": never 0.`,
  ],
  [
    'Preview scan score',
    "A one-off scan of one website, made when you generated its preview (your API key): the overall score of that scan. It is not rescanned; the brand's monitored figure is its Public score.",
  ],
  [
    'Knowledge and Sentiment',
    "A preview's two parts, each 0 to 100: how much the AI engines know about the brand, and how favourably they speak of it.",
  ],
  ['Level', `The Public score in words: ${levelsInWords()}.`],
  ['Change', "The new Public score minus the row's previous one, when a row is checked again."],
  [
    'Usual swing',
    `The median size of a brand's changes between its earlier readings in Score history, once it has ${MIN_READINGS_FOR_OWN_SWING} readings (${DEFAULT_SWING} points before): a move past twice its usual swing is unusual.`,
  ],
  [
    'Scan date and age',
    'When the service last scanned the brand (Last scanned), and how many days ago that is. The service rescans on its own schedule; an old scan is a fact, not an error.',
  ],
  [
    'Checked',
    'When the add-on last read a row from the service: "Check a row again after (days)" decides when it reads it again.',
  ],
  [
    'Method',
    'On each Score history row: the version of the rules those figures were computed with (docs: methodology).',
  ],
  [
    'What we do not measure',
    'Share of voice, citations, mention rate and position are other tools’ measures: none of our numbers is one of them.',
  ],
];
