/**
 * The AI engines the service scores, in the order every table shows them: the key is the field
 * of the service's `platformScores`, the label is the column header users filter on. A fifth
 * engine is one line here.
 */
export const ENGINES = {
  chatgpt: 'ChatGPT',
  claude: 'Claude',
  gemini: 'Gemini',
  aio: 'AI Overviews',
} as const;

export type Platform = keyof typeof ENGINES;

export const PLATFORMS = Object.keys(ENGINES) as Platform[];
