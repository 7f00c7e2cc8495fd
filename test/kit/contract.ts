// The platform kit's one contract (src/kit/ports.ts): what every implementation does, run against
// the one in memory (test/unit/kit.test.ts) and the Apps Script one on dev/gas-runtime
// (test/integration/kit.test.ts), so the fake a workflow's tests use cannot drift from Google.
import * as z from 'zod/mini';
import { parsers, requests } from '../../src/api/client';
import { recordKind, type Kit } from '../../src/kit/ports';

/** What a contract run needs of an implementation: executions, and the world around them. */
export interface KitHarness {
  /** One execution of the person (another person where named): a fresh kit, as Apps Script gives. */
  exec<T>(work: (kit: Kit) => T, person?: 'ana' | 'ben'): T;
  advance(ms: number): void;
  /** The cache forgets everything, as Google may at any time (K1). */
  evictCache(): void;
  /** A value the person's store holds that no run of the kit wrote (a hand edit, an old version). */
  plant(key: string, value: string): void;
  /** Another execution of the person holds their lock until told otherwise. */
  holdLockElsewhere(held: boolean): void;
  /** Lines the executions logged. */
  logged(): string[];
  /** The service answers, with the key the person saved: a brand in the index, one not. */
  brands: { known: string; unknown: string };
}

const note = recordKind('contract.note', z.object({ text: z.string(), n: z.number() }), {
  text: '',
  n: 0,
});

export function kitContract(name: string, setUp: () => KitHarness | Promise<KitHarness>): void {
  describe(`the platform kit: ${name}`, () => {
    let h: KitHarness;
    beforeEach(async () => {
      h = await setUp();
    });

    describe('records of the person', () => {
      it('reads what none was kept of as the kind says, and what was put in the next execution', () => {
        expect(h.exec((k) => k.records.mine.get(note))).toEqual({ text: '', n: 0 });
        h.exec((k) => k.records.mine.put(note, { text: 'kept', n: 2 }));
        expect(h.exec((k) => k.records.mine.get(note))).toEqual({ text: 'kept', n: 2 });
        h.exec((k) => k.records.mine.drop(note));
        expect(h.exec((k) => k.records.mine.get(note))).toEqual({ text: '', n: 0 });
      });

      it('keeps one record per id, and each person their own', () => {
        h.exec((k) => k.records.mine.put(note, { text: 'a', n: 1 }, 'one'));
        h.exec((k) => k.records.mine.put(note, { text: 'b', n: 2 }, 'two'));
        expect(h.exec((k) => k.records.mine.get(note, 'one')).text).toBe('a');
        expect(h.exec((k) => k.records.mine.get(note, 'two')).text).toBe('b');
        expect(h.exec((k) => k.records.mine.get(note, 'one'), 'ben').text).toBe('');
      });

      it('reads a hand-edited or foreign value as none, never as a half-parsed record', () => {
        h.plant('vis.contract.note', '{"text": 5}');
        expect(h.exec((k) => k.records.mine.get(note))).toEqual({ text: '', n: 0 });
        h.plant('vis.contract.note', 'not json');
        expect(h.exec((k) => k.records.mine.get(note))).toEqual({ text: '', n: 0 });
      });

      it("refuses a value past a property's 9 KB, counted in UTF-8 with its key, and keeps the old", () => {
        h.exec((k) => k.records.mine.put(note, { text: 'old', n: 1 }));
        // 4,600 accented characters are 9,200 bytes: under 9,216 in characters, past it in bytes.
        const big = { text: 'é'.repeat(4_600), n: 2 };
        expect(() => h.exec((k) => k.records.mine.put(note, big))).toThrow(
          expect.objectContaining({ name: 'RecordTooLarge' }),
        );
        expect(h.exec((k) => k.records.mine.get(note)).text).toBe('old');
        const fits = { text: 'é'.repeat(4_550), n: 3 };
        h.exec((k) => k.records.mine.put(note, fits));
        expect(h.exec((k) => k.records.mine.get(note)).n).toBe(3);
      });
    });

    describe('cached records', () => {
      it('keeps a record for its seconds, then forgets it', () => {
        expect(h.exec((k) => k.records.cached.get(note, 'x'))).toBeNull();
        expect(h.exec((k) => k.records.cached.put(note, { text: 'c', n: 1 }, 'x', 300))).toBe(true);
        h.advance(299_000);
        expect(h.exec((k) => k.records.cached.get(note, 'x'))?.text).toBe('c');
        h.advance(2_000);
        expect(h.exec((k) => k.records.cached.get(note, 'x'))).toBeNull();
      });

      it("caps a record's life at the cache's 6 hours, and keeps none past 100 KB", () => {
        h.exec((k) => k.records.cached.put(note, { text: 'long', n: 1 }, 'y', 86_400));
        h.advance(6 * 3_600_000 + 1_000);
        expect(h.exec((k) => k.records.cached.get(note, 'y'))).toBeNull();
        const huge = { text: 'x'.repeat(101 * 1024), n: 1 };
        expect(h.exec((k) => k.records.cached.put(note, huge, 'z', 60))).toBe(false);
        expect(h.exec((k) => k.records.cached.get(note, 'z'))).toBeNull();
      });

      it('may lose anything at any time, and never serves one person what another cached', () => {
        h.exec((k) => k.records.cached.put(note, { text: 'mine', n: 1 }, 'w', 600));
        expect(h.exec((k) => k.records.cached.get(note, 'w'), 'ben')).toBeNull();
        h.evictCache();
        expect(h.exec((k) => k.records.cached.get(note, 'w'))).toBeNull();
      });
    });

    describe('the service', () => {
      const ask = (k: Kit, sites: string[], budgetMs = 20_000) =>
        k.service.ask(
          sites.map((s) => requests.score(k.service.config(), { by: 'url', value: s })),
          parsers.score,
          budgetMs,
        );

      it('answers each request with its own parsed result, in order', () => {
        const [known, unknown] = h.exec((k) => ask(k, [h.brands.known, h.brands.unknown]));
        expect(known).toMatchObject({ ok: true });
        expect(unknown).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      });

      it('sends nothing once its budget is spent', () => {
        expect(h.exec((k) => ask(k, [h.brands.known], -1))).toEqual([undefined]);
      });

      it("carries the person's saved key in the request, and nowhere in what it answers", () => {
        const config = h.exec((k) => k.service.config());
        expect(config.apiKey).toBeTruthy();
        const [answer] = h.exec((k) => ask(k, [h.brands.unknown]));
        expect(JSON.stringify(answer)).not.toContain(config.apiKey);
      });
    });

    describe('clock, account, lock and log', () => {
      it('reads the clock as it moves, and names the person', () => {
        const before = h.exec((k) => k.account.now());
        h.advance(60_000);
        expect(h.exec((k) => k.account.now()) - before).toBeGreaterThanOrEqual(60_000);
        expect(h.exec((k) => k.account.email(), 'ben')).toMatch(/^ben@/);
      });

      it("gives the person's lock to one execution at a time", () => {
        expect(
          h.exec((k) => {
            const held = k.locks.mine(1_000);
            held?.release();
            return held !== null;
          }),
        ).toBe(true);
        h.holdLockElsewhere(true);
        expect(h.exec((k) => k.locks.mine(1_000))).toBeNull();
        h.holdLockElsewhere(false);
        expect(h.exec((k) => k.locks.mine(1_000) !== null)).toBe(true);
      });

      it('logs a line', () => {
        h.exec((k) => k.log.line('contract line'));
        expect(h.logged().join('\n')).toContain('contract line');
      });
    });
  });
}
