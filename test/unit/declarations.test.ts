// build.mjs reads the exports with the TypeScript compiler API: parameters holding parentheses
// and exported consts are read as a person reads them.
import { declarationsOf, exportedNames, menuGlobals } from '../../scripts/declarations.mjs';
import { MENU } from '../../src/contract/menu';

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

it('reads the menu items that get a global of their own from the table, as the code holds it', () => {
  const fromTable = MENU.flat()
    .map(([, global]) => global)
    .filter((g) => g.endsWith('FromMenu'));
  expect(menuGlobals()).toEqual(fromTable);
  expect(fromTable.length).toBeGreaterThan(5);
});
