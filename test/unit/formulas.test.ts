import { serviceError } from '../../src/api/errors';
import type { FormulaEnv } from '../../src/domain/formulaEngine';
import * as formulas from '../../src/domain/formulas';
import { resolveAll, UNPROVEN_FIRST_BATCH } from '../../src/domain/resolver';
import { brand, FakeCache, FakeClock, FakeTransport, json } from './fakes';

function env(
  answer: ConstructorParameters<typeof FakeTransport>[0],
  extra: Partial<FormulaEnv> = {},
) {
  const clock = new FakeClock();
  const transport = new FakeTransport(answer, clock);
  const cache = new FakeCache();
  const e: FormulaEnv = {
    config: { baseUrl: 'https://svc.example', apiKey: 'secret-key' },
    keyAllowed: true,
    deps: { transport, cache, clock, deadline: clock.now() + 20000 },
    ...extra,
  };
  return { e, transport, cache, clock };
}

const byDomain = (r: { url: string }) => {
  const domain = decodeURIComponent(r.url.split('url=')[1] ?? '');
  return domain.startsWith('known')
    ? json(200, brand(domain, domain.length))
    : json(404, { error: 'Brand not found', code: 'NOT_FOUND' });
};

describe('formulas over fakes', () => {
  it('keeps the input shape, de-duplicates, and maps blanks and bad rows', () => {
    const { e, transport } = env(byDomain);
    const out = formulas.visScore(
      [['known.com'], ['https://www.KNOWN.com/x'], [''], ['bad url'], ['other.com']],
      '',
      '',
      e,
    );
    expect(out).toEqual([
      [9],
      [9],
      [''],
      ['error: not a website: write an address like example.com'],
      ['not in index'],
    ]);
    expect(transport.sent).toBe(2);
  });

  it('a multi-column range keeps its columns', () => {
    const { e } = env(byDomain);
    expect(formulas.visScore([['known.com', '']], '', '', e)).toEqual([[9, '']]);
  });

  it('caches answers and not-in-index, so the same formula asks nothing again', () => {
    const { e, transport } = env(byDomain);
    formulas.visScore([['known.com'], ['other.com']], '', '', e);
    formulas.visLevel([['known.com'], ['other.com']], '', e);
    expect(transport.sent).toBe(2);
  });

  it('a new refresh value bypasses cached answers', () => {
    const { e, transport } = env(byDomain);
    formulas.visScore('known.com', '', 1, e);
    formulas.visScore('known.com', '', 2, e);
    formulas.visScore('known.com', '', 2, e);
    expect(transport.sent).toBe(2);
  });

  it('opens the circuit after a failed batch, then answers without asking', () => {
    const { e, transport } = env(() => json(500, {}));
    const sites = Array.from({ length: 10 }, (_, i) => [`s${i}.com`]);
    const first = formulas.visScore(sites, '', '', e) as unknown[][];
    expect(first[0]![0]).toMatch(/^error: the service had an error/);
    const sent = transport.sent;
    const second = formulas.visScore(sites, '', 'x', e) as unknown[][];
    expect(second[0]![0]).toBe(
      'error: the service kept failing, so requests pause for a few minutes: try again then',
    );
    expect(transport.sent).toBe(sent);
  });

  it('keyed functions ask nothing without a key or permission, and never show the key', () => {
    const noKey = env(byDomain, { config: { baseUrl: 'https://svc.example' } });
    expect((formulas.visScan(1001, '', noKey.e) as unknown[][])[0]![0]).toMatch(/no API key/);
    const notAllowed = env(byDomain, { keyAllowed: false });
    const out = formulas.visPreview([['0b7c9a52-4a41-4f0e-9d7e-2f1c0d1e2a3b']], '', notAllowed.e);
    expect(JSON.stringify(out)).not.toContain('secret-key');
    expect(notAllowed.transport.sent + noKey.transport.sent).toBe(0);
  });

  it('VIS_SCAN never shows a failed scan’s 0', () => {
    const { e } = env(() =>
      json(200, {
        syntheticId: 5,
        scanAvailable: true,
        scanFailed: true,
        overallScore: 0,
        scanDate: '2026-11-01T00:00:00Z',
        summary: 'none',
      }),
    );
    expect((formulas.visScan(5, '', e) as unknown[][])[0]!.slice(0, 2)).toEqual(['failed', '']);
  });

  it('rejects a wrong argument for the whole formula', () => {
    const { e } = env(byDomain);
    expect(() => formulas.visBrand('x', 'domain', false, '', e)).toThrow(/lookup_by/);
  });
});

describe('resolver', () => {
  it('reads the cache in one call for all keys', () => {
    const { e, cache } = env(byDomain);
    resolveAll(
      ['known.a', 'known.b', 'c'],
      {
        namespace: 'n',
        request: (k) => ({ method: 'get', url: `https://s/x?url=${k}`, headers: {} }),
        parse: () => ({ ok: false, error: serviceError('NOT_FOUND') }),
        ttlSeconds: () => 60,
        errorTtlSeconds: () => 60,
      },
      e.deps,
    );
    expect(cache.calls).toBe(2);
  });
});

/** Lookups the service answers "not found", each kept `ttl` seconds; 400 keys from `from`. */
const lookupSpec = (ttl: number) => ({
  namespace: 'n|key',
  request: (k: string) => ({ method: 'get' as const, url: `https://s/x?url=${k}`, headers: {} }),
  parse: () => ({ ok: false as const, error: serviceError('NOT_FOUND') }),
  ttlSeconds: () => ttl,
  errorTtlSeconds: () => 0,
});
const keys = (from: number) => Array.from({ length: 400 }, (_, i) => `s${from + i}`);

it('a first lookup of the day sends a probe of 100, then the rest at once, and the next starts from the round trips it kept', () => {
  const { e, transport } = env(byDomain);
  const spec = lookupSpec(60);
  resolveAll(keys(0), spec, { ...e.deps, deadline: e.deps.clock.now() + 600_000 });
  expect(transport.batches.map((b) => b.length)).toEqual([UNPROVEN_FIRST_BATCH, 300]);
  const before = transport.batches.length;
  resolveAll(keys(1000), spec, { ...e.deps, deadline: e.deps.clock.now() + 600_000 });
  // The fake answers in no time: nothing bounds the next call's first batch.
  expect(transport.batches[before]).toHaveLength(400);
});

it('a day’s first lookup with the cache empty sizes its batch from the pace kept in the person’s store', () => {
  const { e, transport } = env(byDomain);
  const spec = lookupSpec(0);
  let kept: string | null = null;
  const pace = { read: () => kept, write: (t: string) => void (kept = t) };
  resolveAll(keys(0), spec, { ...e.deps, pace, deadline: e.deps.clock.now() + 600_000 });
  expect(JSON.parse(kept!)).toEqual(expect.any(Array));
  // The next day the cache is empty; a read-only store (a custom function's) still gives the pace.
  const before = transport.batches.length;
  resolveAll(keys(1000), spec, {
    ...e.deps,
    cache: new FakeCache(),
    pace: { read: pace.read },
    deadline: e.deps.clock.now() + 600_000,
  });
  expect(transport.batches.slice(before).map((b) => b.length)).toEqual([400]);
});
