// A write refused by a protected range, said in words: which range, and who may let the person edit it.
import { isProtectedRefusal, protectedMessage } from '../../src/domain/protection';

const GOOGLE =
  'You are trying to edit a protected cell or object. Please contact the spreadsheet owner to remove protection if you need to edit.';

it.each([
  [new Error(GOOGLE), true],
  [GOOGLE, true],
  [new Error('Exceeded maximum execution time'), false],
])('tells Google’s refusal of a protected write from other errors: %s', (error, is) => {
  expect(isProtectedRefusal(error)).toBe(is);
});

it.each([
  [
    'a range with a description and editors',
    [{ sheet: 'Prospects', a1: 'G1:J500', description: 'Scores', editors: ['cam@x.example'] }],
    'Nothing could be written here: G1:J500 of "Prospects" is protected ("Scores"), and ana@x.example may not edit it: cam@x.example can add ana@x.example to its editors (Data > Protect sheets and ranges). The rows wait, and the next run writes them once it may.',
  ],
  [
    'a whole sheet, no description',
    [{ sheet: 'Form Responses 1', a1: null, description: '', editors: [] }],
    'Nothing could be written here: the sheet "Form Responses 1" is protected, and ana@x.example may not edit it: the file’s owner can add ana@x.example to its editors (Data > Protect sheets and ranges). The rows wait, and the next run writes them once it may.',
  ],
  [
    'none found (the refusal came from elsewhere)',
    [],
    'Nothing could be written here: a protected range refused it, and ana@x.example may not edit it: the file’s owner can say which (Data > Protect sheets and ranges). The rows wait, and the next run writes them once it may.',
  ],
])('%s', (_what, refusing, message) => {
  expect(protectedMessage('ana@x.example', refusing)).toBe(message);
});
