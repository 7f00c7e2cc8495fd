/**
 * Facts the documentation quotes from the code, filled in by `npm run docs`: the engines, the
 * columns of each table and each formula's arguments, between `<!-- fact:NAME -->` and
 * `<!-- /fact -->` in the docs listed. An engine, a column or an argument added to its table is one
 * change; `test/unit/docFacts.test.ts` fails while a doc still says the old list, or a formula has
 * no row in the formulas' guide.
 */
import { readFileSync } from 'node:fs';
import { GLOSSARY } from '../src/domain/glossary';
import { METHOD } from '../src/domain/method';
import { ENGINES } from '../src/engines';
import { PREVIEW_HEADERS } from '../src/domain/previewColumns';
import { SCORE_HEADERS } from '../src/domain/scoreColumns';
import { CONTACT_HEADERS, HISTORY_HEADERS, PITCH_HEADERS } from '../src/domain/table';
import { SHEETS } from '../src/domain/sheetNames';
import { TIDY_HEADERS } from '../src/domain/tidyReadings';
import { VIS_FUNCTIONS, type VisName } from '../src/domain/visFunctions';

const code = (names: readonly string[]) => names.map((n) => `\`${n}\``);
const list = (names: readonly string[]) => names.join(', ');
const and = (names: readonly string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');

/** A formula as the guide's table shows it: `=VIS_SCORE(website, [platform], [refresh])`. */
const signature = (name: VisName) =>
  `\`=${name}(${VIS_FUNCTIONS[name].args
    .map((a) => (a.help.startsWith('Optional') ? `[${a.name}]` : a.name))
    .join(', ')})\``;

const signatures = Object.fromEntries(
  (Object.keys(VIS_FUNCTIONS) as VisName[]).map((n) => [`signature-${n}`, () => signature(n)]),
);

export const FACTS: Record<string, () => string> = {
  ...signatures,
  engines: () => and(code(Object.values(ENGINES))),
  'engine-names': () => and(Object.values(ENGINES)),
  'score-columns': () => list(code(Object.values(SCORE_HEADERS))),
  'preview-columns': () => list(code(Object.values(PREVIEW_HEADERS))),
  'outreach-columns': () =>
    list(code([...Object.values(PITCH_HEADERS), ...Object.values(CONTACT_HEADERS)])),
  'history-columns': () => list(code(Object.values(HISTORY_HEADERS))),
  'tidy-columns': () => list(code(TIDY_HEADERS)),
  sheets: () => list(code(Object.values(SHEETS).map((s) => s.name))),
  glossary: () =>
    `\n\n${GLOSSARY.map(([term, meaning]) => `- **${term}**: ${meaning}`).join('\n')}\n\n`,
  method: () => `\`${METHOD}\``,
};

/** The docs that quote facts. */
export const FACT_DOCS = [
  'docs/guide/scores.md',
  'docs/guide/outreach.md',
  'docs/marketplace/privacy.md',
  'docs/marketplace/listing.md',
  'docs/looker-studio.md',
  'docs/guide/formulas.md',
  'docs/guide/methodology.md',
];

const MARKED = /<!-- fact:([A-Za-z_-]+) -->([\s\S]*?)<!-- \/fact -->/g;

/** A doc with every fact as the code says it now (unknown names throw: a typo is not a fact). */
export function withFacts(text: string): string {
  return text.replace(MARKED, (_all, name: string) => {
    const fact = FACTS[name];
    if (!fact) throw new Error(`docFacts: no fact named ${name}`);
    return `<!-- fact:${name} -->${fact()}<!-- /fact -->`;
  });
}

/** Each fact a doc quotes, as written (line breaks as spaces: prettier wraps the prose). */
export function quoted(path: string): Array<{ name: string; text: string }> {
  return [...readFileSync(path, 'utf8').matchAll(MARKED)].map((m) => ({
    name: m[1]!,
    text: m[2]!.replace(/\s+/g, ' ').trim(),
  }));
}
