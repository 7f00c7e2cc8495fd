// Every count a message can hold agrees with its noun: rendered with 1 of each, no message says
// "1 rows", "1 readings" or "moved by 1 points".
import { NO_ROWS, scoreSummary } from '../../src/domain/scoreList';
import { followUpMessage } from '../../src/domain/followUps';
import { pollToast } from '../../src/domain/previewPoll';
import { waitingForTomorrow } from '../../src/domain/backgroundBudget';
import { recipientsRefusal } from '../../src/domain/schedules';
import { strandedWords, waitingOnOthersWords } from '../../src/contract/previews';

const PLURAL_AFTER_ONE =
  /\b1 (rows|previews|brands|readings|points|sites|agents|requests|recipients|competitors|prospects|schedules|minutes|e-mails|changes|history rows)\b/;

const poll = {
  justCompleted: [],
  triggered: 1,
  pending: 1,
  complete: 1,
  failed: 1,
  notSent: 1,
  errors: [],
  levels: { invisible: 0, low: 0, moderate: 0, strong: 0, dominant: 0 },
  waitingOnOthers: [{ by: 'ben@agency.example', count: 1 }],
  stranded: [
    { sheet: 'Prospects', by: 'cam@agency.example', count: 1, heard: '2026-11-12T09:00:00.000Z' },
    { sheet: 'Prospects', by: '', count: 1, heard: null },
  ],
  unadopted: { rows: 1, ids: 1 },
  busy: false,
  asked: 1,
};

it.each([
  scoreSummary({
    rows: { ...NO_ROWS, scored: 1, notInIndex: 1, notWebsite: 1, failed: 1, left: 1 },
    fresh: 1,
    moved: 1,
    failure: null,
    previewable: 1,
    historyTrimmed: 1,
    historyLimit: 'cap',
  }),
  followUpMessage({ contacted: 1, rows: 1 }, 1),
  followUpMessage({ contacted: 1, rows: 0 }, 1),
  pollToast(poll, 1),
  pollToast({ ...poll, waitingOnOthers: [] }, 1),
  pollToast({ ...poll, pending: 4 }, 1),
  waitingOnOthersWords(poll.waitingOnOthers),
  ...poll.stranded.map(strandedWords),
  waitingForTomorrow(1, 1, 90),
  recipientsRefusal({ these: 1, others: 1, perDay: 1 })!,
])('"%s" agrees with its counts', (message) => {
  expect(message).not.toMatch(PLURAL_AFTER_ONE);
  expect(message).not.toMatch(/\.\.(?!\.)/);
});
