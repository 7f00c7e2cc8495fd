// The scan monitor through its ports (MonitorPorts), in memory: a sheet of agents, the service's scans by agent.
import { monitorWith, rescanWith } from '../../src/addon/monitor';
import { FakeSheet, fakeMonitorPorts } from './fakes';
import type { ScanStatus } from '../../src/api/client';

const agents = () =>
  new FakeSheet([
    ['Brand agent ID', 'Scan state'],
    [1001, ''],
    [1002, ''],
    ['not an id', ''],
  ]);

const complete = (score: number) => ({
  ok: true as const,
  value: {
    state: 'complete',
    overallScore: score,
    scanDate: '2026-11-26T09:00:00.000Z',
    platformScores: { chatgpt: score, claude: null, gemini: null, aio: null },
    reportUrl: null,
  } satisfies ScanStatus,
});
const running = {
  ok: true as const,
  value: { state: 'running', completed: 3, total: 10, message: '' } satisfies ScanStatus,
};

it('asks about each agent once and writes each row’s scan; an ID that is not one says so', () => {
  const sheet = agents();
  const {
    ports,
    asked,
    running: stillRunning,
  } = fakeMonitorPorts(sheet, (id) => (id === 1001 ? complete(71) : running));
  const report = monitorWith(ports, true);
  expect(asked).toEqual([[1001, 1002]]);
  expect(sheet.column('Scan state')).toEqual([
    'complete',
    'running',
    expect.stringMatching(/^error/),
  ]);
  expect(sheet.column('Overall score')[0]).toBe(71);
  expect(report).toMatchObject({ complete: 1, running: 1 });
  expect(stillRunning).toEqual([1]);
});

it('without a key, nothing is asked and each row says what to do', () => {
  const sheet = agents();
  const { ports, asked } = fakeMonitorPorts(sheet, () => running, { hasKey: false });
  monitorWith(ports, true);
  expect(asked).toEqual([]);
  expect(String(sheet.column('Scan message')[0])).toMatch(/key/i);
});

it('no monitor sheet yet: says how to open it', () => {
  const { ports } = fakeMonitorPorts(null, () => running);
  expect(monitorWith(ports).message).toMatch(/No scan monitor yet/);
});

it('rescans the selected agents once each and remembers the press', () => {
  const sheet = agents();
  const { ports, rescanned, pressed } = fakeMonitorPorts(sheet, () => running);
  const r = rescanWith(ports, sheet, 1, 4);
  expect(r).toMatchObject({ state: 'done', triggered: 2 });
  expect(rescanned).toEqual([[1001, 1002]]);
  expect([...pressed.keys()]).toEqual([1001, 1002]);
  expect(rescanWith(ports, sheet, 4, 4).state).toBe('nothing');
});
