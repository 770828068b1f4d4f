import { revokeGrants } from '../../server/src/modules/access/eventAccess';
import { FEED_APPLICATION_NAME } from '../../server/src/platform/db/changeFeed';
import { connectDatabase, type Database } from '../../server/src/platform/db/database';
import { parsePackReply } from '../../contract/packReply';
import { eventually } from '../e2e/support/eventually';
import { loadBasicSeed } from './support/fixtures';
import { newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

/**
 * What the guest routes keep in memory (a gallery's version, event cards, packs) follows changes
 * made by any other writer: another app server, the seed command, psql. Here that writer is a
 * connection of its own, which the app does not see write: only PostgreSQL's notification tells it.
 */
let server: TestServer;
let user: TestUser;
let otherServer: Database;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  user = await newUser();
  otherServer = connectDatabase(String(server.db.pool.options.connectionString), 2);
});

afterAll(async () => {
  await otherServer.close();
  await server.close();
});

const gallery = (url: string, etag?: string, token?: string) =>
  server.call({ method: 'GET', url, token, headers: etag ? { 'if-none-match': etag } : {} });

/** Reads the same thing a few times, so that it is surely answered from memory before the change. */
async function warm(read: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 3; i += 1) await read();
}

describe('rows kept in memory, changed by another writer', () => {
  it("answers another server's new photo in the gallery: the old ETag is no longer 'not modified'", async () => {
    const first = await gallery('/api/all/outra/pad');
    const etag = String(first.headers.etag);
    await warm(() => gallery('/api/all/outra/pad', etag));
    expect((await gallery('/api/all/outra/pad', etag)).statusCode).toBe(304);

    await otherServer.query(
      `INSERT INTO media (event_name, mode, file, kind) VALUES ('outra', 'pad', 'de-outro-servidor.jpg', 'image')`,
    );
    await eventually(async () => {
      const after = await gallery('/api/all/outra/pad', etag);
      expect(after.statusCode).toBe(200);
      expect(after.json().product).toEqual([...first.json().product, '/media/outra/pad/de-outro-servidor.jpg']);
    }, 5_000);
    const cards = await server.call({ method: 'GET', url: '/api/eventos/outra/agent0001' });
    expect(cards.json()[0].photos).toBe(first.json().product.length + 1);
  });

  it('closes a gallery, a card and the files at once when another server makes the event private', async () => {
    await warm(() => gallery('/api/all/outra/pad'));
    await warm(() => server.call({ method: 'GET', url: '/api/eventos/outra/agent0001' }));
    const photo = () => server.call({ method: 'GET', url: '/media/outra/pad/o1.jpg' });
    await warm(photo);
    expect((await photo()).statusCode).toBe(200);
    await otherServer.query(`UPDATE events SET visibility = 'private' WHERE name = 'outra'`);
    try {
      await eventually(async () => {
        // Nothing tells a stranger that it exists.
        expect((await gallery('/api/all/outra/pad')).statusCode).toBe(404);
        expect((await server.call({ method: 'GET', url: '/api/eventos/outra/agent0001' })).json()).toEqual([]);
        // The media gate's own memory of the event follows too.
        expect((await photo()).statusCode).toBe(404);
      }, 5_000);
      // An account is not a pass: kept per visitor, the answer is theirs.
      expect((await gallery('/api/all/outra/pad', undefined, user.token)).statusCode).toBe(404);
      // Another server grants the event to the account (its guest opened a collect link there): it opens here too.
      await otherServer.query(`INSERT INTO event_grants (event_name, holder, via) VALUES ('outra', $1, 'collect')`, [
        `uid:${user.uid}`,
      ]);
      await eventually(
        async () => expect((await gallery('/api/all/outra/pad', undefined, user.token)).statusCode).toBe(200),
        5_000,
      );
      // Its owner takes every guest's access on another server: here too, at once (the kept grant goes).
      await revokeGrants(otherServer, 'outra', 'outra-nova-id');
      await eventually(
        async () => expect((await gallery('/api/all/outra/pad', undefined, user.token)).statusCode).toBe(404),
        5_000,
      );
    } finally {
      await otherServer.query(`UPDATE events SET visibility = 'public' WHERE name = 'outra'`);
      await otherServer.query(`DELETE FROM event_grants WHERE event_name = 'outra'`);
    }
    await eventually(async () => expect((await gallery('/api/all/outra/pad')).statusCode).toBe(200), 5_000);
  });

  it('answers the copies another server spent, and a pack another server created', async () => {
    const copies = async (hashes: string) => {
      const reply = await server.call({ method: 'GET', url: `/api/validatePacks/${hashes}` });
      return parsePackReply(reply.json()).packs;
    };
    await warm(() => copies('PACK5,NOVO_PACOTE'));
    expect((await copies('PACK5,NOVO_PACOTE')).map((pack) => pack?.hash)).toEqual(['PACK5']);
    const before = (await copies('PACK5'))[0]?.copies ?? 0;

    await otherServer.query(`UPDATE packs SET copies = copies - 1 WHERE hash = 'PACK5'`);
    await otherServer.query(`INSERT INTO packs (hash, event_name, copies) VALUES ('NOVO_PACOTE', 'festa_ana', 2)`);
    await eventually(async () => {
      const packs = await copies('PACK5,NOVO_PACOTE');
      expect(packs.map((pack) => [pack?.hash, pack?.copies])).toEqual([
        ['PACK5', before - 1],
        ['NOVO_PACOTE', 2],
      ]);
    }, 5_000);
  });

  it(`misses nothing changed while its connection to the feed was cut: it reads from the database until it listens \
again`, async () => {
    const first = await gallery('/api/all/festa_ana/pad');
    const etag = String(first.headers.etag);
    await warm(() => gallery('/api/all/festa_ana/pad', etag));
    // The feed's connection is cut and, before it can come back, a photo is added: no notification of it will ever
    // arrive.
    const cut = await otherServer.transaction(async (client) => {
      const { rows } = await client.query<{ cut: boolean }>(
        'SELECT pg_terminate_backend(pid, 5000) AS cut FROM pg_stat_activity WHERE application_name = $1 AND ' +
          'datname = current_database()',
        [FEED_APPLICATION_NAME],
      );
      await client.query(
        `INSERT INTO media (event_name, mode, file, kind) VALUES ('festa_ana', 'pad', 'sem-aviso.jpg', 'image')`,
      );
      return rows.map((row) => row.cut);
    });
    expect(cut).toEqual([true]);
    await eventually(async () => {
      const after = await gallery('/api/all/festa_ana/pad', etag);
      expect(after.statusCode).toBe(200);
      expect(after.json().product).toContain('/media/festa_ana/pad/sem-aviso.jpg');
    }, 5_000);
    // It listens again: a later change is heard.
    await eventually(async () => {
      const listening = await otherServer.query(
        'SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
        [FEED_APPLICATION_NAME],
      );
      expect(listening.rowCount).toBe(1);
    }, 5_000);
    const now = String((await gallery('/api/all/festa_ana/pad')).headers.etag);
    await warm(() => gallery('/api/all/festa_ana/pad', now));
    await otherServer.query(`DELETE FROM media WHERE event_name = 'festa_ana' AND file = 'sem-aviso.jpg'`);
    await eventually(async () => expect((await gallery('/api/all/festa_ana/pad', now)).statusCode).toBe(200), 5_000);
  });
});
