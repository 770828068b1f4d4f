import fs from 'node:fs';
import path from 'node:path';
import { loadSeedFile, seedDeviceKeys } from '../../server/src/modules/seed/command/loadSeed';
import { validateSeed } from '../../server/src/modules/seed/seedFormat';
import { createMediaStorage } from '../../server/src/modules/media/storage/mediaStorage';
import { basicSeed, loadBasicSeed } from './support/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(() => server.close());

async function counts() {
  const tables = [
    'events',
    'media',
    'packs',
    'devices',
    'products',
    'accessories',
    'coupons',
    'contracts',
    'mirror_modes',
    'mirror_prompts',
  ];
  const result: Record<string, number> = {};
  for (const table of tables)
    result[table] = (await server.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  return result;
}

describe('seeding', () => {
  it('loads a seed, and loading it again changes nothing, spent copies included', async () => {
    await loadBasicSeed(server);
    const first = await counts();
    expect(first).toMatchObject({ events: 3, media: 7, packs: 3, devices: 4, products: 2 });
    await server.call({
      method: 'GET',
      url: `/api/print/PACK5/${encodeURIComponent('/media/festa_ana/pad/a1.jpg')}?request=tap-seed-print-0001`,
    });

    await loadBasicSeed(server);
    expect(await counts()).toEqual(first);
    expect((await server.db.query("SELECT copies FROM packs WHERE hash = 'PACK5'")).rows[0].copies).toBe(4);
  });

  it('loads the demo seed with all its media, and records that it finished', async () => {
    const file = path.resolve(__dirname, '../../tools/demoSeed/demo.json');
    const seed = validateSeed(JSON.parse(fs.readFileSync(file, 'utf8')));
    const summary = await loadSeedFile(
      server.db,
      createMediaStorage(server.dataDir),
      file,
      await seedDeviceKeys(server.config),
    );
    expect(summary.media).toBe(seed.media?.length);
    expect((await server.db.query('SELECT file FROM seed_runs')).rows).toEqual([{ file: 'demo.json' }]);
    for (const mode of ['pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360']) {
      const response = await server.call({ method: 'GET', url: `/api/all/festa_ana/${mode}` });
      expect({ mode, count: (response.json() as { product: string[] }).product.length > 0 }).toEqual({
        mode,
        count: true,
      });
    }
  });

  it('refuses a seed that does not follow the format, naming every problem', () => {
    const bad = () => validateSeed({ events: [{ name: '../x' }], packs: [{ hash: 'P', copies: -1 }], extra: 1 });
    expect(bad).toThrow(/invalid seed:/);
    expect(bad).toThrow(/\/events\/0\/name/);
    expect(bad).toThrow(/\/packs\/0\/copies/);
    expect(validateSeed(basicSeed())).toBeTruthy();
  });
});
