import crypto from 'node:crypto';
import { deviceKeyHash } from '../../server/src/modules/booths/deviceKeys';
import { writeSeedRows } from '../../server/src/modules/seed/seedRows';
import { seedDeviceKeys } from '../../server/src/modules/seed/command/loadSeed';
import type { SeedFile } from '../../server/src/modules/seed/seedFormat';
import { DEVICE_KEYS, loadBasicSeed } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';

/**
 * Device keys ('Devices'): made by the server (at least 128 bits), stored only as an HMAC
 * under a pepper kept out of the database, rotated by the team; readable seed keys only outside
 * production; a key stored before the pepper opens its device once and is stored peppered then.
 */
let server: TestServer;
let team: TestUser;
let guest: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  [team, guest] = await Promise.all([newTeamMember(), newUser('convidado')]);
});

afterAll(() => server.close());

const me = (id: string, key: string) =>
  server.call({ method: 'GET', url: DEVICE_PATHS.me, headers: { 'x-device-id': id, 'x-device-key': key } });
const keyHashOf = async (id: string) =>
  (await server.db.query<{ key_hash: string }>('SELECT key_hash FROM devices WHERE id = $1', [id])).rows[0]?.key_hash;
const rotate = (id: string, token?: string) =>
  server.call({ method: 'POST', url: `/api/team/devices/${id}/key`, token });

describe('GET /api/team/devices', () => {
  it('lists every device for the team, whether it has a key, and never a key or its hash', async () => {
    const response = await server.call({ method: 'GET', url: '/api/team/devices', token: team.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual(
      expect.arrayContaining([
        { id: 'cam1', kind: 'booth', event: 'festa_ana', mode: 'pad', hasKey: true },
        expect.objectContaining({ id: 'printer1', kind: 'printer', event: 'festa_ana', mode: '', hasKey: true }),
      ]),
    );
    expect(response.body).not.toContain(DEVICE_KEYS.camera);
    expect(response.body).not.toContain((await keyHashOf('cam1')).slice(-16));
  });

  it('is the team’s alone', async () => {
    expect((await server.call({ method: 'GET', url: '/api/team/devices' })).statusCode).toBe(401);
    expect((await server.call({ method: 'GET', url: '/api/team/devices', token: guest.token })).statusCode).toBe(403);
  });
});

describe('POST /api/team/devices/{id}/key', () => {
  it(`makes a new key of at least 128 bits, shown once: the old key stops at once, the new one opens the \
device`, async () => {
    expect((await me('printer1', DEVICE_KEYS.printer)).statusCode).toBe(200);
    const response = await rotate('printer1', team.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { id, key } = response.json<{ id: string; key: string }>();
    expect(id).toBe('printer1');
    expect(Buffer.from(key, 'base64url').length * 8).toBeGreaterThanOrEqual(128);

    expect((await me('printer1', DEVICE_KEYS.printer)).statusCode).toBe(401);
    expect((await me('printer1', key)).json()).toMatchObject({ id: 'printer1', kind: 'printer' });
    // Another rotation makes another key.
    const again = (await rotate('printer1', team.token)).json<{ key: string }>().key;
    expect(again).not.toBe(key);
    expect((await me('printer1', key)).statusCode).toBe(401);
    expect((await me('printer1', again)).statusCode).toBe(200);
  });

  it('stores only an HMAC under the pepper: the database alone cannot test a key', async () => {
    const { key } = (await rotate('mirror1', team.token)).json<{ key: string }>();
    const stored = await keyHashOf('mirror1');
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(crypto.createHash('sha256').update(key).digest('hex'));
    const { pepper } = await seedDeviceKeys(server.config);
    expect(stored).toBe(deviceKeyHash(pepper, key));
    expect(stored).not.toBe(deviceKeyHash(crypto.randomBytes(32), key));
  });

  it('is refused to anyone but the team, and is a 404 for an unknown device', async () => {
    expect((await rotate('cam1')).statusCode).toBe(401);
    expect((await rotate('cam1', guest.token)).statusCode).toBe(403);
    expect((await me('cam1', DEVICE_KEYS.camera)).statusCode).toBe(200);
    const unknown = await rotate('nenhum', team.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'device_not_found', message: 'Dispositivo não encontrado.' });
    expect((await rotate('a%20b', team.token)).statusCode).toBe(400);
  });
});

describe('keys stored before the pepper', () => {
  it('open their device once more, and are stored peppered from then on', async () => {
    const legacy = crypto.createHash('sha256').update('chave-antiga-0001').digest('hex');
    await server.db.query(
      "INSERT INTO devices (id, kind, event_name, mode, key_hash) VALUES ('antiga1', 'booth', 'festa_ana', 'pad', $1)",
      [legacy],
    );
    expect((await me('antiga1', 'errada-0000001')).statusCode).toBe(401);
    expect(await keyHashOf('antiga1')).toBe(legacy);
    expect((await me('antiga1', 'chave-antiga-0001')).statusCode).toBe(200);
    expect(await keyHashOf('antiga1')).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    expect((await me('antiga1', 'chave-antiga-0001')).statusCode).toBe(200);
  });
});

describe('seeds', () => {
  it('may not give a device a readable key in production: nothing of such a seed is written', async () => {
    const { pepper } = await seedDeviceKeys(server.config);
    const seed: SeedFile = {
      events: [{ name: 'festa_prod', devices: ['pad'] }],
      devices: [
        { id: 'camprod', kind: 'booth' as const, event: 'festa_prod', mode: 'pad' as const, key: 'demo-key-0001' },
      ],
    };
    await expect(writeSeedRows(server.db, seed, { pepper, production: true })).rejects.toThrow(
      /Em produção as chaves dos dispositivos são geradas pelo servidor/,
    );
    expect((await server.db.query("SELECT count(*)::int AS n FROM events WHERE name = 'festa_prod'")).rows[0].n).toBe(
      0,
    );
  });

  it('give a device without a key none (the team makes it), and a load again keeps the key the team made', async () => {
    const { pepper } = await seedDeviceKeys(server.config);
    const seed: SeedFile = {
      events: [{ name: 'festa_prod', devices: ['pad'] }],
      devices: [{ id: 'camprod', kind: 'booth' as const, event: 'festa_prod', mode: 'pad' as const }],
    };
    await writeSeedRows(server.db, seed, { pepper, production: true });
    expect(await keyHashOf('camprod')).toBe('');
    expect((await me('camprod', '')).statusCode).toBe(401);
    expect((await me('camprod', 'qualquer-coisa')).statusCode).toBe(401);
    const listed = (await server.call({ method: 'GET', url: '/api/team/devices', token: team.token })).json<
      { id: string; hasKey: boolean }[]
    >();
    expect(listed.find((device) => device.id === 'camprod')?.hasKey).toBe(false);

    const { key } = (await rotate('camprod', team.token)).json<{ key: string }>();
    await writeSeedRows(server.db, seed, { pepper, production: true });
    expect((await me('camprod', key)).statusCode).toBe(200);
  });
});
