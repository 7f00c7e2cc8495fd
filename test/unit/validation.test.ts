// A team's data validation rules as data: what passes a rejecting rule, what it accepts in words,
// and a block planned around the cells it would refuse.
import {
  acceptsInWords,
  isValidationRefusal,
  planAround,
  refusedMessage,
  validationRefusalInWords,
  verdict,
  type RuleFacts,
} from '../../src/domain/validation';

const rule = (criteria: string, args: unknown[] = [], allowInvalid = false): RuleFacts => ({
  criteria,
  args,
  allowInvalid,
});
const DAY = new Date('2026-11-28T09:00:00Z');

it.each([
  [rule('CHECKBOX'), true, 'passes'],
  [rule('CHECKBOX'), DAY, 'fails'],
  [rule('CHECKBOX', ['Yes', 'No']), 'Yes', 'passes'],
  [rule('CHECKBOX', ['Yes', 'No']), true, 'fails'],
  [rule('VALUE_IN_LIST', [['New', 'Sent'], true]), 'Sent', 'passes'],
  [rule('VALUE_IN_LIST', [['New', 'Sent'], true]), 'Sent 2026-11-28', 'fails'],
  [rule('VALUE_IN_LIST', [['New', 'TRUE'], true]), true, 'passes'],
  [rule('NUMBER_BETWEEN', [0, 100]), 73, 'passes'],
  [rule('NUMBER_BETWEEN', [0, 100]), '73', 'fails'],
  [rule('DATE_IS_VALID_DATE'), DAY, 'passes'],
  [rule('DATE_AFTER', [new Date('2027-01-01')]), DAY, 'fails'],
  [rule('TEXT_IS_VALID_EMAIL'), 'ana@agency.example', 'passes'],
  [rule('TEXT_IS_VALID_URL'), 'acme.com', 'passes'],
  [rule('TEXT_CONTAINS', ['@']), "'=at@", 'passes'],
  [rule('CUSTOM_FORMULA', ['=LEN(A1)<5']), 'x', 'unknown'],
  [rule('VALUE_IN_RANGE', [null, true]), 'x', 'unknown'],
  [{ ...rule('VALUE_IN_RANGE', [null, true]), listed: ['x', 'y'] }, 'x', 'passes'],
  [{ ...rule('VALUE_IN_RANGE', [null, true]), listed: ['x', 'y'] }, 'z', 'fails'],
  [rule('CHECKBOX', [], true), 'anything', 'passes'],
  [rule('CHECKBOX'), '', 'passes'],
  [null, 'anything', 'passes'],
])('%j lets %p in: %s', (r, value, expected) => {
  expect(verdict(r, value)).toBe(expected);
});

it.each([
  [rule('CHECKBOX'), 'checkboxes'],
  [rule('VALUE_IN_LIST', [['New', 'Sent'], true]), 'one of: New, Sent'],
  [rule('NUMBER_BETWEEN', [0, 100]), 'numbers from 0 to 100'],
  [rule('CUSTOM_FORMULA', ['=LEN(A1)<5']), 'what its custom formula =LEN(A1)<5 allows'],
  [rule('NUMBER_GREATER_THAN', [3]), 'values meeting its rule (number greater than)'],
])('%j says it accepts %s', (r, words) => {
  expect(acceptsInWords(r)).toBe(words);
});

it('tells Google’s refusal from other errors', () => {
  const google =
    'The data you entered in cell C2 violates the data validation rules set on this cell.';
  expect(isValidationRefusal(new Error(google))).toBe(true);
  expect(isValidationRefusal(new Error('Exceeded maximum execution time'))).toBe(false);
});

describe('planAround', () => {
  const box = rule('CHECKBOX');
  const formula = rule('CUSTOM_FORMULA', ['=B2<>""']);
  const warn = rule('CHECKBOX', [], true);

  it('writes unruled columns whole, and ruled ones only where changed and let in', () => {
    // Columns: Score (free), Contacted (checkbox), Note (a warning only), Status (custom formula).
    const values = [
      [70, DAY, 'a', 'x'],
      [71, false, 'b', 'y'],
      [72, true, 'c', 'z'],
      [73, true, 'd', 'w'],
    ];
    const rules = values.map(() => [null, box, warn, formula]);
    const changed = (r: number, c: number) => r !== 1 || c === 0;
    const plan = planAround(values, rules, changed);
    expect(plan.free).toEqual([
      { start: 0, width: 1 },
      { start: 2, width: 1 },
    ]);
    expect(plan.refused).toEqual([{ col: 1, row: 0, rule: box }]);
    expect(plan.segments).toEqual([
      { col: 1, row: 2, values: [true, true], sure: true },
      { col: 3, row: 0, values: ['x'], sure: false },
      { col: 3, row: 2, values: ['z'], sure: false },
      { col: 3, row: 3, values: ['w'], sure: false },
    ]);
  });

  it('with no rejecting rule, the block is one free run', () => {
    const plan = planAround([[1, 2, 3]], [[null, warn, null]], () => true);
    expect(plan).toEqual({ free: [{ start: 0, width: 3 }], segments: [], refused: [] });
  });
});

it('names each column once, its rows (the first five and how many more), and the ways out', () => {
  const list = rule('VALUE_IN_LIST', [['New', 'Sent'], true]);
  const message = refusedMessage([
    ...[2, 3, 4, 5, 6, 7, 9].map((row) => ({ header: 'Lead status', row, rule: list })),
    { header: 'Contacted', row: 4, rule: rule('CHECKBOX') },
  ]);
  expect(message).toBe(
    'Some cells were not written: the `Lead status` column only accepts one of: New, Sent: rows 2, 3, 4, 5, 6 and 2 more kept what they had; the `Contacted` column only accepts checkboxes: row 4 kept what it had. Everything else was written. To let the add-on fill them, set those columns\' data validation to "Show a warning" (Data > Data validation) or remove it.',
  );
});

it('puts a refusal the add-on did not plan around in words, and leaves other errors alone', () => {
  expect(
    validationRefusalInWords(
      'The data you entered in cell D7 violates the data validation rules set on this cell.',
    ),
  ).toBe(
    'A data validation rule on cell D7 refused what the add-on wrote there, so that block was not written. Set the rule to "Show a warning" (Data > Data validation) or remove it, then run this again.',
  );
  expect(validationRefusalInWords('Exceeded maximum execution time')).toBeNull();
});
