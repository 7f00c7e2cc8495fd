// The platform kit in memory, held to the contract the Apps Script kit is held to on the runtime.
import { inProcessEmulator } from '../../dev/emulator/inProcess';
import { memoryFile, memoryKit, transportOver, type MemoryKit } from '../../dev/memoryKit';
import { kitContract } from '../kit/contract';
import { chartsOn, colourScaled, headerNotes } from '../../dev/memoryTables';

kitContract('in memory', () => {
  const emu = inProcessEmulator();
  const transport = transportOver(emu.transport, undefined, emu.routes);
  const file = memoryFile();
  const person = (email: string): MemoryKit =>
    memoryKit({
      transport,
      baseUrl: emu.baseUrl,
      apiKey: 'demo-pro-key',
      email,
      file,
      owner: 'ana@example.com',
    });
  // What Sheets shows of a cell as the memory kit keeps it (a leading apostrophe marks text).
  const shown = (v: unknown) =>
    typeof v !== 'string'
      ? v
      : v.startsWith("'")
        ? v.slice(1)
        : /^[=+\-@]./.test(v)
          ? { formula: v }
          : v;
  const kits = { ana: person('ana@example.com'), ben: person('ben@example.com') };
  return {
    exec: (work, who = 'ana') => work(kits[who]),
    advance: (ms) => Object.values(kits).forEach((k) => k.advance(ms)),
    evictCache: () => Object.values(kits).forEach((k) => k.evictCache()),
    plant: (key, value) => void kits.ana.properties.set(key, value),
    holdLockElsewhere: (held) => kits.ana.holdLock(held),
    logged: () => [...kits.ana.logged, ...kits.ben.logged],
    brands: { known: 'acmeanalytics.com', unknown: 'no-such-brand-anywhere.com' },
    plantSheet: (name, rows) =>
      void file.sheets.set(
        name,
        rows.map((r) => [...r]),
      ),
    sheet: (name) => (file.sheets.get(name) ?? []).map((r) => r.map(shown)),
    holdDocumentLockElsewhere: (held) => void (file.lock.held = held),
    workKept: () => [...file.work.keys()],
    renameSheet(from, to) {
      file.sheets.set(to, file.sheets.get(from)!);
      file.sheets.delete(from);
    },
    deleteSheet: (name) => void file.sheets.delete(name),
    headerNotes: (name) => [...headerNotes(file.sheets.get(name) ?? []).values()],
    shownSheet: () => file.view.sheet ?? '',
    select: (sheet, a1) => void (file.view = { sheet, a1 }),
    charts: (name) => [...chartsOn(file.sheets.get(name) ?? [])],
    plantDocument: (key, value) => void file.properties.set(key, value),
    mailed: () => kits.ana.mailed,
    linkForm: (name) => void file.forms.add(name),
    formTriggers: () => [...file.formTriggers],
    colourScaled: (name) => {
      const grid = file.sheets.get(name) ?? [];
      return colourScaled(grid).map((c) => String(grid[0]?.[c - 1]));
    },
  };
});

// Apps Script's script cache is shared by every document of the add-on; the contract runs in one
// document, so the memory kit's share of it is held here (the runtime's, in
// test/integration/customFunctions.test.ts).
describe('the script cache, in memory', () => {
  const deadline = Date.UTC(2026, 10, 28, 10);
  const script = new Map();
  const [here, there] = [memoryKit({ scriptCache: script }), memoryKit({ scriptCache: script })];

  it("serves a public answer to another document, and keeps a keyed one with its own, which this document's public lookups still read", () => {
    here.service.lookups(deadline).cache.put('score:nike.com', '70', 600);
    expect(there.service.lookups(deadline).cache.get('score:nike.com')).toBe('70');
    here.service.lookups(deadline, true).cache.put('scan:1001', 'complete', 600);
    expect(there.service.lookups(deadline, true).cache.get('scan:1001')).toBeNull();
    expect(there.service.lookups(deadline).cache.get('scan:1001')).toBeNull();
    expect(here.service.lookups(deadline).cache.get('scan:1001')).toBe('complete');
  });

  it('is forgotten with everything else cached when Google evicts it', () => {
    here.service.lookups(deadline).cache.put('score:slack.com', '80', 600);
    expect(there.service.lookups(deadline).cache.get('score:slack.com')).toBe('80');
    here.evictCache();
    expect(there.service.lookups(deadline).cache.get('score:slack.com')).toBeNull();
  });
});
