// The scan monitor on the platform kit in memory: a sheet of agents, the service emulator's seeded
// agents (1001's scan completed 21 days ago, 1005's is running).
import { inProcessEmulator } from '../../dev/emulator/inProcess';
import { memoryFile, memoryKit, transportOver, type MemoryFile } from '../../dev/memoryKit';
import { monitorWith, rescanWith } from '../../src/addon/monitor';

function world(apiKey: string | null = 'demo-pro-key') {
  const emu = inProcessEmulator();
  const file = memoryFile('monitored');
  file.sheets.set('Scan monitor', [
    ['Brand agent ID', 'Scan state'],
    [1001, ''],
    [1005, ''],
    ['not an id', ''],
  ]);
  const kit = memoryKit({
    transport: transportOver(emu.transport),
    baseUrl: emu.baseUrl,
    apiKey,
    file,
    now: Date.now(),
  });
  return { kit, file };
}

function column(file: MemoryFile, header: string): unknown[] {
  const [head, ...rows] = file.sheets.get('Scan monitor')!;
  return rows.map((r) => r[head!.indexOf(header)]);
}

const sentTo = (sent: Array<{ method: string; url: string }>, method: string) =>
  sent.filter((r) => r.method === method).map((r) => r.url.split('?')[1] ?? '');

it('asks about each agent once and writes each row’s scan; an ID that is not one says so', () => {
  const { kit, file } = world();
  const report = monitorWith(kit, true);
  expect(sentTo(kit.sent, 'get')).toEqual(['syntheticId=1001', 'syntheticId=1005']);
  expect(column(file, 'Scan state')).toEqual([
    'complete',
    'running',
    expect.stringMatching(/^error/),
  ]);
  expect(typeof column(file, 'Overall score')[0]).toBe('number');
  expect(report).toMatchObject({ complete: 1, running: 1 });
  expect([...file.work]).toEqual([['scans', 1]]);
  // The completed scan is one reading of Score history; asking again records nothing new.
  expect(file.sheets.get('Score history')).toHaveLength(2);
  monitorWith(kit, true);
  expect(file.sheets.get('Score history')).toHaveLength(2);
});

it('without a key, nothing is asked and each row says what to do', () => {
  const { kit, file } = world(null);
  monitorWith(kit, true);
  expect(kit.sent).toEqual([]);
  expect(String(column(file, 'Scan message')[0])).toMatch(/key/i);
});

it('no monitor sheet yet: says how to open it', () => {
  const { kit, file } = world();
  file.sheets.delete('Scan monitor');
  expect(monitorWith(kit).message).toMatch(/No scan monitor yet/);
});

it('rescans the selected agents once each and remembers the press in the person’s own record', () => {
  const { kit } = world();
  const r = rescanWith(kit, 1, 4);
  expect(r).toMatchObject({ state: 'done', triggered: 2 });
  expect(kit.sent.filter((s) => s.method === 'post').map((s) => s.payload)).toEqual([
    { syntheticId: 1001 },
    { syntheticId: 1005 },
  ]);
  expect(Object.keys(JSON.parse(kit.properties.get('vis.rescans.monitored')!))).toEqual([
    '1001',
    '1005',
  ]);
  expect(rescanWith(kit, 4, 4).state).toBe('nothing');
});
