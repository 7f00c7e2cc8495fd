// What a custom function is given on the memory kit: the key only where its owner allowed it in
// this file, public lookups without it, and answers fetched with it kept apart from the public ones.
import { formulaEnv } from '../../src/addon/customFunctions';
import { writeSettings } from '../../src/kit/settings';
import { memoryKit } from '../../dev/memoryKit';

const BASE = 'https://service.example';

it('gives a keyed function the key only where its owner ticked it for this file', () => {
  const kit = memoryKit({ apiKey: 'vis_live_owner', baseUrl: BASE });
  expect(formulaEnv(kit, true)).toMatchObject({ keyAllowed: false });
  writeSettings(kit.records.mine, 'another-file', { allowFormulasToUseKey: true });
  expect(formulaEnv(kit, true)).toMatchObject({ keyAllowed: false });
  writeSettings(kit.records.mine, kit.tables.fileId(), { allowFormulasToUseKey: true });
  expect(formulaEnv(kit, true)).toMatchObject({
    keyAllowed: true,
    config: { baseUrl: BASE, apiKey: 'vis_live_owner' },
  });
  expect(formulaEnv(kit, false)).toMatchObject({ keyAllowed: false, config: { baseUrl: BASE } });
  expect(formulaEnv(kit, false).config).not.toHaveProperty('apiKey');
});

it('keeps what a keyed function fetched apart from the public answers every user is served', () => {
  const kit = memoryKit({ apiKey: 'vis_live_owner', baseUrl: BASE });
  formulaEnv(kit, true).deps.cache.put('vis.scan.1', 'owner only', 600);
  expect(formulaEnv(kit, true).deps.cache.get('vis.scan.1')).toBe('owner only');
  expect(formulaEnv(kit, false).deps.cache.get('vis.scan.1')).toBeNull();
});
