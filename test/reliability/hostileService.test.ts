// The security review's attacks by a hostile service, on the built bundle (the emulator's
// `attack` faults, dev/emulator/hostile.ts): each failed on the add-on before its one gate
// (src/api/schemas.ts) and its escapers (src/domain/destinations.ts), and each is held here.
import { INDEX } from '../../dev/emulator/brandIndex';
import type { Attack } from '../../dev/emulator/hostile';
import { prospectsAtHalfPastMidnight, startWorld, type World } from '../integration/harness';
import { sidebar } from '../sidebarApi';
import { generateAll, leaks, load, rows } from './lists';

let w: World;
afterEach(() => w?.close());

/** Two sites previewed, polled once complete, then scored, under one attack. */
async function previewsUnder(
  attack: Attack,
  sites = ['hostile-one.com', 'hostile-two.com'],
): Promise<Record<string, unknown>[]> {
  w = await startWorld();
  load(w.rt, sites);
  await w.emu.faults({ attack });
  generateAll(w.rt);
  await w.elapse(120000);
  sidebar(w.rt).pollPendingPreviews();
  return rows(w.rt);
}

const formulas = () =>
  w.rt.spreadsheet.sheets.flatMap((s) =>
    s.probe.rows
      .flat()
      .filter((c) => c.formula)
      .map((c) => c.formula),
  );

describe('a hostile service', () => {
  it('echoes the key in an error and every text: it reaches no cell, log, e-mail, deck or message', async () => {
    const previews = await previewsUnder('echoKey');
    expect(previews.map((r) => r['Preview status'])).toEqual(['error: refused', 'error: refused']);
    expect(String(previews[0]!['Preview message'])).toMatch(/Key \[redacted\] may not do this/);
    sidebar(w.rt).scoreSelection({ refresh: 'all' });
    expect(leaks(w.rt)).toEqual([]);
  });

  it('sends scores outside 0-100: no reading is written, the row says why', async () => {
    const previews = await previewsUnder('impossibleScores');
    for (const r of previews) {
      expect(r['Preview status']).toBe('pending');
      expect(r['Preview scan score']).toBe('');
      expect(r['Preview message']).toMatch(/impossible score in overallScore, outside 0-100/);
    }
    const out = w.rt.customFunction('VIS_SCORE', 'acmeanalytics.com');
    expect(String(out)).toMatch(/impossible score in overallScore/);
  });

  it('gives two sites one preview id: both rows say so, neither shows the other’s result', async () => {
    const previews = await previewsUnder('sameUuid');
    expect(previews.map((r) => [r['Preview status'], r['Preview scan score']])).toEqual([
      ['error: duplicate ID', ''],
      ['error: duplicate ID', ''],
    ]);
    expect(String(previews[0]!['Preview message'])).toMatch(/to row 3 too/);
    expect(String(previews[1]!['Preview message'])).toMatch(/to row 2 too/);
  });

  it('sends a 3,000-character uuid: refused, never kept or polled', async () => {
    const previews = await previewsUnder('longUuid');
    expect(previews.map((r) => r['Preview UUID'])).toEqual(['', '']);
    expect(String(previews[0]!['Preview message'])).toMatch(/bad field: uuid/);
    expect((await w.emu.stats()).requests['GET /api/visibility/scan-preview'] ?? 0).toBe(0);
  });

  it('redirects: not followed, the key never goes there, and the row names the address', async () => {
    const previews = await previewsUnder('redirect');
    expect(String(previews[0]!['Preview message'])).toMatch(
      /redirects elsewhere \(to \/api\/visibility\/score\?slug=acme-analytics\)/,
    );
    const followed = w.rt.fetchStats.log.filter((l) => l.url.includes('/api/visibility/score'));
    expect(followed).toEqual([]);
  });

  it('hides formulas behind tabs, line feeds, spaces, zero-width and full-width signs: all land as text', async () => {
    const indexed = INDEX.filter((b) => !b.domain.endsWith('.example')).slice(0, 2);
    await previewsUnder(
      'hiddenFormulas',
      indexed.map((b) => b.domain),
    );
    sidebar(w.rt).scoreSelection({ refresh: 'all' });
    // Cleaned of control characters at the gate, then written as text (the cells' apostrophe).
    const brands = rows(w.rt).map((r) => String(r['Brand']));
    expect(brands).toEqual([
      '=HYPERLINK("https://evil.example")',
      '=HYPERLINK("https://evil.example")',
    ]);
    const sheet = w.rt.spreadsheet.activeSheet;
    sheet.probe.place(6, 1, { value: '', formula: '=VIS_BRAND(B2:B3)' });
    w.rt.recalculate();
    expect(formulas()).toEqual(['=VIS_BRAND(B2:B3)']);
  });
});

describe('a hostile brand name posted to a team channel', () => {
  const brands = INDEX.filter((b) => !b.domain.endsWith('.example')).slice(0, 3);
  it.each([
    ['Slack', 'https://hooks.slack.com/services/T0001/B0002/s3cr3tSlackToken'],
    ['Google Chat', 'https://chat.googleapis.com/v1/spaces/AAAA1234/messages?key=k&token=t'],
  ])(
    '%s: no link or mention survives',
    async (_, hook) => {
      w = await startWorld();
      prospectsAtHalfPastMidnight(
        w.rt,
        brands.map((b) => b.domain),
      );
      await w.emu.faults({ attack: 'markup' });
      expect(sidebar(w.rt).saveSettings({ webhook: hook }).refused).toBeNull();
      const saved = sidebar(w.rt).saveSchedule({
        action: 'refreshScores',
        sheetName: 'Prospects',
        every: 'day',
        hour: 9,
        refresh: 'all',
        alert: { email: false, minChange: 0, unusualOnly: false, team: true },
      });
      expect(saved.ok).toBe(true);
      for (let i = 0; i < 24; i++) await w.elapse(3600 * 1000);
      await w.emu.moveBrands(
        brands.map((b) => ({
          brand: b.domain,
          overallScore: 50,
          lastScanDate: '2026-12-01T06:00:00.000Z',
        })),
      );
      for (let i = 0; i < 24; i++) await w.elapse(3600 * 1000);
      const posts = (await w.emu.webhookPosts()).filter((p) => !p.body.includes('will post'));
      expect(posts.length).toBeGreaterThan(0);
      for (const p of posts) {
        const text = (JSON.parse(p.body) as { text: string }).text;
        expect(text).toMatch(/Open the Acme report/);
        expect(text).not.toMatch(/[<>]/);
      }
    },
    60000,
  );
});
