// The lists the docs quote from the code (engines, columns, sheets) are the code's as it is:
// `npm run docs` writes them, and this fails while a doc still says an old list.
import { FACT_DOCS, FACTS, quoted, withFacts } from '../../scripts/docFacts';
import { VIS_FUNCTIONS } from '../../src/domain/visFunctions';

it.each(FACT_DOCS)('%s quotes each fact as the code says it now', (doc) => {
  const facts = quoted(doc);
  expect(facts.length).toBeGreaterThan(0);
  for (const { name, text } of facts)
    // Whitespace as the doc's formatter leaves it (a list's blank lines, a wrapped line).
    expect({ name, text }).toEqual({ name, text: FACTS[name]!().replace(/\s+/g, ' ').trim() });
});

it('a fact is filled from its table, and a name the code does not know is refused', () => {
  expect(withFacts('in <!-- fact:engine-names -->old<!-- /fact -->.')).toBe(
    `in <!-- fact:engine-names -->${FACTS['engine-names']!()}<!-- /fact -->.`,
  );
  expect(FACTS['engine-names']!()).toMatch(/^ChatGPT, .* and AI Overviews$/);
  expect(FACTS['score-columns']!()).toContain('`Evidence`');
  expect(() => withFacts('<!-- fact:nope --><!-- /fact -->')).toThrow(/no fact named nope/);
});

it('every formula has its row in the formulas’ guide, its arguments as the spec says', () => {
  const signatures = quoted('docs/guide/formulas.md').filter((f) =>
    f.name.startsWith('signature-'),
  );
  expect(signatures.map((f) => f.name).sort()).toEqual(
    Object.keys(VIS_FUNCTIONS)
      .map((n) => `signature-${n}`)
      .sort(),
  );
  expect(FACTS['signature-VIS_SCORE']!()).toBe('`=VIS_SCORE(website, [platform], [refresh])`');
});
