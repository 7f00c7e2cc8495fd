// Our numbers say exactly what they are (issue 74): an AI-visibility score 0-100, overall and per
// engine, knowledge and sentiment. Never a measure we do not take: share of voice, citations,
// mention rate or position. A derived "score share" may be offered only under that name.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const NOT_OURS = /share of voice|\bcitations?\b|mention rate|\b(average |ranking )?position\b/i;
const DISCLAIMS = /\b(not|none|never)\b|other tools/i;

/** Every file a user reads: the guide, the listing, the README, the sidebar, and the add-on's words. */
function userFacing(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? walk(p) : [p];
    });
  return [
    'README.md',
    ...walk('docs/guide'),
    ...walk('docs/marketplace').filter((f) => f.endsWith('.md')),
    'src/ui/sidebar.html',
    ...walk('src').filter((f) => f.endsWith('.ts')),
  ];
}

/** The text people read of a source file: its string literals, not its code or comments. */
const shown = (file: string, text: string) =>
  file.endsWith('.ts') ? (text.match(/(['"`])(?:\\.|(?!\1)[^\\])*\1/g) ?? []).join('\n') : text;

it('no user-facing text calls our numbers share of voice, citations, mention rate or position', () => {
  const found = userFacing().flatMap((file) =>
    shown(file, readFileSync(file, 'utf8'))
      .split('\n')
      // A line may name them to say we do not measure them.
      .filter((line) => NOT_OURS.test(line) && !DISCLAIMS.test(line))
      .map((line) => `${file}: ${line.trim().slice(0, 120)}`),
  );
  expect(found).toEqual([]);
});

it('the check can fail: each word is caught', () => {
  for (const words of ['Share of Voice 12%', '3 citations', 'mention rate', 'average position 2'])
    expect(NOT_OURS.test(words)).toBe(true);
  expect(NOT_OURS.test('AI visibility score 0-100, per engine; ChatGPT not queried')).toBe(false);
  expect(DISCLAIMS.test('Your share of voice is 12%')).toBe(false);
});
