// What the sidebar says when a call fails outright (not a refusal, which comes back as a report):
// what happened in words, and what to do next; never a bare "Exception: …".
import { errorText } from '../../src/ui/rpc';

it.each([
  [
    new Error('NetworkError: Connection failure due to HTTP 0'),
    'The connection to Google dropped: check your network, then try again.',
  ],
  [
    new Error('Exception: Authorization is required to perform that action.'),
    'Google asks for your permission again (Authorization is required to perform that action.): reload the spreadsheet, open the add-on from the Extensions menu and allow it.',
  ],
  [
    new Error('Exception: Service Spreadsheets timed out while accessing document.'),
    'Something went wrong: Service Spreadsheets timed out while accessing document. Try again; if it keeps happening, send Help > diagnostics to support.',
  ],
  [
    // The server named the permission and where to grant it (src/gas/entry.ts): said as it is.
    new Error(
      'Exception: Reading and writing your lists (every feature but this menu and Settings) need permission to see and edit your spreadsheets: grant it in Settings (Grant access).',
    ),
    'Reading and writing your lists (every feature but this menu and Settings) need permission to see and edit your spreadsheets: grant it in Settings (Grant access).',
  ],
  [
    // What another script filled, said by the server in words (src/gas/docMetadata.ts).
    new Error(
      "Exception: This spreadsheet's developer metadata is full (Google keeps 30,000 characters a file): remove it.",
    ),
    "This spreadsheet's developer metadata is full (Google keeps 30,000 characters a file): remove it.",
  ],
  [
    'plain text',
    'Something went wrong: plain text. Try again; if it keeps happening, send Help > diagnostics to support.',
  ],
])('%p reads as a next step', (error, text) => {
  expect(errorText(error)).toBe(text);
});
