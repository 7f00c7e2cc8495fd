// Generate's answers kept before their rows are written, on the platform kit in memory: the
// person's own properties, per file, in parts of at most 8,000 characters.
import { memoryFile, memoryKit } from '../../dev/memoryKit';
import { answersKept, forgetAnswers, keepAnswers } from '../../src/addon/keptAnswers';
import type { KeptAnswer } from '../../src/domain/generationRun';

const answer = (n: number): KeptAnswer => ({
  domain: `site-${n}.com`,
  uuid: `${String(n).padStart(8, '0')}-AAAA-4AAA-8AAA-AAAAAAAAAAAA`,
  reportUrl: `https://r.example/report/${n}`,
  requested: Date.UTC(2026, 10, 28, 9),
});
const partsOf = (properties: Map<string, string>) =>
  [...properties].filter(([key]) => key.startsWith('vis.unwritten.'));

it('keeps a round trip’s answers in parts of at most 8,000 characters, read back whole, per file', () => {
  const kit = memoryKit({ file: memoryFile('one') });
  const answers = Array.from({ length: 200 }, (_, i) => answer(i));
  keepAnswers(kit, answers);
  const parts = partsOf(kit.properties);
  expect(parts.length).toBeGreaterThan(1);
  expect(parts.every(([, value]) => value.length <= 8000)).toBe(true);
  expect(answersKept(kit)).toEqual(answers);
  // The same person in another file: none of these.
  const elsewhere = memoryKit({ file: memoryFile('two') });
  for (const [key, value] of kit.properties) elsewhere.properties.set(key, value);
  expect(answersKept(elsewhere)).toEqual([]);
});

it('forgets answers once their rows hold them, whatever the case of their ids; a part left empty goes', () => {
  const kit = memoryKit({ file: memoryFile('one') });
  keepAnswers(kit, [answer(1), answer(2)]);
  kit.advance(1000);
  keepAnswers(kit, [answer(3)]);
  expect(partsOf(kit.properties)).toHaveLength(2);
  forgetAnswers(kit, [answer(1).uuid.toLowerCase(), answer(3).uuid]);
  expect(answersKept(kit)).toEqual([answer(2)]);
  expect(partsOf(kit.properties)).toHaveLength(1);
  forgetAnswers(kit, [answer(2).uuid]);
  expect(partsOf(kit.properties)).toEqual([]);
});

it('reads the parts an earlier release kept, and leaves out one that was edited by hand', () => {
  const kit = memoryKit({ file: memoryFile('one') });
  kit.properties.set('vis.unwritten.one.1700000000000.0', JSON.stringify([answer(7)]));
  kit.properties.set('vis.unwritten.one.1700000000000.1', '[{"domain": 5}]');
  expect(answersKept(kit)).toEqual([answer(7)]);
});
