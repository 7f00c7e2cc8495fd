// build.mjs reads the exports with the TypeScript compiler API: parameters holding parentheses
// and exported consts are read as a person reads them.
import { declarationsOf, exportedNames } from '../../scripts/declarations.mjs';

const FILE = 'test/fixtures/declarations/module.ts';

it('reads parameters, JSDoc and exported consts', () => {
  const d = declarationsOf([FILE]);
  expect(d.get('DOUBLE')).toEqual({
    doc: expect.stringMatching(/Doubles a number\.\n \* @customfunction\n \*\//),
    params: ['value', 'scale', 'rest'],
  });
  expect(d.get('TRIPLE')).toEqual({
    doc: '/** An arrow exported as a const. */',
    params: ['value', 'label'],
  });
  expect(exportedNames(FILE)).toEqual(['DOUBLE', 'SHOWN']);
});
