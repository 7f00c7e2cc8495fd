// Each of the page's calls takes arguments of the contract's kinds: another kind is refused with a
// sentence before any code reads it; what an argument holds stays the workflow's to check.
import { ARGUMENTS_REFUSED, argumentsRefusal } from '../../src/domain/callableArgs';

it.each([
  ['acceptLeadRows', ['w1']],
  ['remakePreviews', ['Prospects', 'cam@agency.example']],
  ['selectRow', ['Prospects', 4]],
  ['insertTemplate', ['monitor']],
  ['pollScanMonitor', []],
  ['pollScanMonitor', [true]],
  ['getScorePlan', [undefined]],
  ['getScorePlan', [null]],
  ['scoreSelection', [{ refresh: 'all' }]],
  ['saveLeadWatch', [{ sheetName: 5 }]],
  ['saveSettings', [{ toString: 'x' }]],
  ['getLeads', [42, 'anything']],
  ['toString', [1]],
])('%s(%j) is taken', (name, args) => {
  expect(argumentsRefusal(name, args)).toBeNull();
});

it.each([
  ['acceptLeadRows', [{ toString: 'x' }]],
  ['acceptLeadRows', []],
  ['deleteSchedule', ['x'.repeat(1001)]],
  ['remakePreviews', ['Prospects', { toString: 'x' }]],
  ['selectRow', ['Prospects', '4']],
  ['insertTemplate', ['everything']],
  ['pollScanMonitor', ['yes']],
  ['getScorePlan', [42]],
  ['saveLeadWatch', [null]],
  ['saveLeadWatch', [[]]],
  ['saveSchedule', ['daily']],
  ['writePitches', [undefined]],
])('%s(%j) is refused with a sentence', (name, args) => {
  expect(argumentsRefusal(name, args)).toBe(ARGUMENTS_REFUSED);
});
