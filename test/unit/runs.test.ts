// The sidebar follows a run done part by part: each answer shown, the next call made with the
// request the last answer gave, until one is not partial.
import { untilDone } from '../../src/ui/runs';

type Report = { state: string; request: number | null; n: number };

it('continues while partial, with each request given, and shows every answer once', async () => {
  const answers: Report[] = [
    { state: 'partial', request: 1, n: 10 },
    { state: 'partial', request: 2, n: 20 },
    { state: 'done', request: null, n: 5 },
  ];
  const asked: Array<number | 'first'> = [];
  const shown: number[] = [];
  await untilDone(
    async () => (asked.push('first'), answers[0]!),
    async (request: number) => (asked.push(request), answers[request]!),
    (r) => shown.push(r.n),
  );
  expect(asked).toEqual(['first', 1, 2]);
  expect(shown).toEqual([10, 20, 5]);
});

it('stops at a partial answer that gives no request to continue with', async () => {
  const shown: string[] = [];
  await untilDone(
    async () => ({ state: 'partial', request: null }),
    async () => {
      throw new Error('not asked');
    },
    (r) => shown.push(r.state),
  );
  expect(shown).toEqual(['partial']);
});
