// Generate's sending through its ports, in memory: the service a fake transport, each write of
// rows kept, the person's record of their previews a list.
import { rowWriter, sendPreviews } from '../../src/addon/previewGeneration';
import { fitToQuota, localPatches, POST_BATCHING } from '../../src/domain/generationRun';
import { idKey, planGeneration } from '../../src/domain/previewJobs';
import { PREVIEW_COLUMNS } from '../../src/domain/previewColumns';
import { fakeGeneratePorts, json, rowState } from './fakes';
const uuidOf = (n: number) => `0000000${n}-0000-4000-8000-000000000000`;

type Fake = ReturnType<typeof fakeGeneratePorts>;

function run(answer: Parameters<typeof fakeGeneratePorts>[0], sites: unknown[], over?: Fake) {
  const rows = sites.map((site, i) => rowState(i + 2, site));
  const fit = fitToQuota(planGeneration(rows, rows), 1000, 0);
  const fake = over ?? fakeGeneratePorts(answer);
  const writer = rowWriter(fake.ports, localPatches(fit.plan));
  const result = sendPreviews(fake.ports, fit, fake.kit.account.now(), writer);
  return { ...fake, result, fit };
}

const created = (r: { payload?: unknown }) => {
  const site = (r.payload as { url: string }).url;
  const n = site.includes('nike') ? 1 : site.includes('slack') ? 2 : 3;
  return json(200, { uuid: uuidOf(n), reportUrl: `https://r.example/${n}`, status: 'pending' });
};

it('sends one POST per site and writes each row as its answer comes, the bad row with them', () => {
  const { transport, written, mine, result } = run(created, [
    'nike.com',
    'slack.com',
    'not a site',
  ]);
  expect(transport.sent).toBe(2);
  expect(result.counts).toMatchObject({ created: 2, failed: 1 });
  const rows = new Map(written.flatMap((w) => [...w]));
  expect(rows.get(2)).toMatchObject({
    status: 'pending',
    uuid: uuidOf(1),
    requestedBy: 'ann@example.com',
  });
  expect(String(rows.get(4)?.status)).toMatch(/^error: /);
  expect(mine()).toEqual([uuidOf(1), uuidOf(2)].map(idKey));
});

it('a refusal of the whole account before any preview touches no row and records nothing', () => {
  const refused = () =>
    json(403, {
      error: 'Upgrade to create previews',
      code: 'PLAN_UPGRADE_REQUIRED',
      currentPlan: 'free',
    });
  const { written, mine, result } = run(refused, ['nike.com', 'slack.com', 'not a site']);
  expect(result.refusal?.code).toBe('PLAN_UPGRADE_REQUIRED');
  expect(written.every((w) => w.size === 0)).toBe(true);
  expect(mine()).toEqual([]);
});

it('a dropped connection is remembered in the person’s cache, so the next run starts small', () => {
  const dropped = () => ({ status: 0, headers: {}, body: '' });
  const sites = Array.from({ length: 20 }, (_, i) => `site-${i}.com`);
  const first = run(dropped, sites);
  expect(first.result.counts.created).toBe(0);
  expect(first.transport.batches[0]).toHaveLength(POST_BATCHING.firstBatch);
  const sentBefore = first.transport.batches.length;
  run(dropped, sites, first);
  expect(first.transport.batches[sentBefore]).toHaveLength(POST_BATCHING.sizeAfterLoss);
  // The cache forgets: a run starts as a first one would.
  first.kit.evictCache();
  const sentAfter = first.transport.batches.length;
  run(dropped, sites, first);
  expect(first.transport.batches[sentAfter]).toHaveLength(POST_BATCHING.firstBatch);
});

it('writes each row into the list it read, renamed meanwhile, and never makes a sheet of the old name', () => {
  const book: { sheets?: Fake['file']['sheets'] } = {};
  const renaming = (r: { payload?: unknown }) => {
    const grid = book.sheets?.get('Prospects');
    if (grid) {
      book.sheets!.set('Prospects (Q3)', grid);
      book.sheets!.delete('Prospects');
    }
    return created(r);
  };
  const fake = fakeGeneratePorts(renaming);
  book.sheets = fake.file.sheets;
  const { result } = run(renaming, ['nike.com', 'slack.com'], fake);
  expect(result.counts.created).toBe(2);
  expect([...fake.file.sheets.keys()]).toEqual(['Prospects (Q3)']);
  const rows = fake.kit.tables.read('Prospects (Q3)', PREVIEW_COLUMNS)!.rows;
  expect(rows.map((r) => r.cells.uuid)).toEqual([uuidOf(1), uuidOf(2)]);
});

it('a document kept busy past the wait: the write says so, and no row is written', () => {
  const fake = fakeGeneratePorts(created);
  fake.file.lock.held = true;
  expect(() => run(created, ['nike.com'], fake)).toThrow(/document stayed busy/);
  expect(fake.written).toEqual([]);
});
