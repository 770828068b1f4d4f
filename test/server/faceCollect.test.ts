import { searchFaces } from '../../server/src/modules/faces/faceSearch';
import { newUser } from './support/testServer';
import { foundUrls, from, selfie, send, server, urls, withFaceSearchWorld } from './support/faceSearchWorld';

/** 'Pegar todas': the photos the kept selfie finds, collected for the visitor, and nothing it does not find. */
withFaceSearchWorld();

describe("the face screen's calls", () => {
  describe("'Pegar todas': POST /fotos-do-rosto/{agent}/colecao", () => {
    const collect = (agent: string, payload: unknown, token?: string) =>
      server.call({
        method: 'POST',
        url: `/api/fotos-do-rosto/${agent}/colecao`,
        payload: payload as Record<string, unknown>,
        token,
        ...from(agent),
      });
    const accountCollection = async (uid: string) =>
      (
        await server.db.query<{ value: string }>(
          "SELECT value FROM account_items WHERE uid = $1 AND list = 'collection' ORDER BY position",
          [uid],
        )
      ).rows.map((row) => row.value);
    const granted = async (agent: string) =>
      (
        await server.db.query<{ event_name: string }>('SELECT event_name FROM event_grants WHERE holder = $1', [
          `agent:${agent}`,
        ])
      ).rows.map((row) => row.event_name);

    it(`collects the photos the kept selfie finds, signed out (the presence at the event) and signed in (the account), \
the same when asked again`, async () => {
      // The group photo, and any copy of it a booth sent: all the selfie finds.
      const found = foundUrls(await send('agentepega000001', 4, 2, ['festa_ana']));
      expect(found).toContain(urls[4]);
      const first = await collect('agentepega000001', { fotos: found });
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ collected: found, refused: [] });
      expect(await granted('agentepega000001')).toEqual(['festa_ana']);

      const guest = await newUser('pega');
      expect(foundUrls(await send('agentepega000002', 4, 2, ['festa_ana']))).toEqual(found);
      for (let tap = 0; tap < 2; tap += 1) {
        const signed = await collect('agentepega000002', { fotos: [...found, urls[4]] }, guest.token);
        expect(signed.json()).toEqual({ collected: found, refused: [] });
      }
      expect(await accountCollection(guest.uid)).toEqual(found);
      // 'A festa em números' counts each photo collected once per visitor: two visitors, whatever the taps.
      const { rows } = await server.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM event_actions a JOIN media m ON m.id = a.media_id
          WHERE a.kind = 'collect' AND '/media/' || m.event_name || '/' || m.mode || '/' || m.file = ANY($1)`,
        [found],
      );
      expect(rows[0].n).toBe(2 * found.length);
    });

    it(`refuses, and never collects, a photo the visitor's selfie does not find: someone else's, or one of an event \
they may not see`, async () => {
      // The same group photo at the private event, with face search on and indexed as at
      // festa_ana: the selfie would find it there, but this visitor is not let into that event.
      const { rows } = await server.db.query<{ id: string }>(
        "INSERT INTO media (event_name, mode, file, kind) VALUES ('privada', 'pad', 'grupo-4-na-privada.jpg', " +
          "'image') RETURNING id",
      );
      const copy = rows[0].id;
      const hidden = '/media/privada/pad/grupo-4-na-privada.jpg';
      await server.db.query("UPDATE events SET face_search = true WHERE name = 'privada'");
      await server.db.query(
        "INSERT INTO face_photos (media_id, event_name, status, faces, indexed_at) VALUES ($1, 'privada', " +
          "'indexed', 0, now())",
        [copy],
      );
      await server.db.query(
        `INSERT INTO face_descriptors (media_id, event_name, box, descriptor)
         SELECT $1, 'privada', d.box, d.descriptor FROM face_descriptors d JOIN media m ON m.id = d.media_id WHERE
           m.event_name = 'festa_ana' AND m.file = 'grupo-4.jpg'`,
        [copy],
      );
      try {
        // The search itself would find it, were the event searched.
        expect((await searchFaces(server.db, await selfie(4, 2), ['privada'])).map((photo) => photo.url)).toContain(
          hidden,
        );
        const guest = await newUser('outro');
        expect(foundUrls(await send('agentepega000003', 4, 2, ['festa_ana']))).toContain(urls[4]);
        const response = await collect('agentepega000003', { fotos: [urls[4], urls[5], hidden] }, guest.token);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ collected: [urls[4]], refused: [urls[5], hidden] });
        expect(await accountCollection(guest.uid)).toEqual([urls[4]]);
        expect(await granted('agentepega000003')).toEqual(['festa_ana']);
      } finally {
        await server.db.query('DELETE FROM media WHERE id = $1', [copy]);
        await server.db.query("UPDATE events SET face_search = false WHERE name = 'privada'");
      }
    });

    it('answers 4xx to bad input, to no selfie kept and to another browser, and collects nothing', async () => {
      expect(foundUrls(await send('agentepega000004', 4, 2, ['festa_ana']))).toContain(urls[4]);
      for (const payload of [
        {},
        { fotos: [] },
        { fotos: 'x' },
        { fotos: ['nao-e-uma-foto'] },
        { fotos: [urls[4], '../../etc/passwd'] },
        { fotos: [urls[4]], extra: 1 },
      ]) {
        const response = await collect('agentepega000004', payload);
        expect([JSON.stringify(payload), response.statusCode]).toEqual([JSON.stringify(payload), 400]);
      }
      const tooMany = await collect('agentepega000004', {
        fotos: Array.from({ length: 501 }, (_, i) => `/media/festa_ana/pad/x${i}.jpg`),
      });
      expect(tooMany.statusCode).toBe(400);
      const noSelfie = await collect('agentepega000005', { fotos: [urls[4]] });
      expect(noSelfie.statusCode).toBe(404);
      expect(noSelfie.json()).toMatchObject({ error: 'no_selfie' });
      const stranger = await server.call({
        method: 'POST',
        url: '/api/fotos-do-rosto/agentepega000004/colecao',
        payload: { fotos: [urls[4]] },
        ...from('agenteintruso002'),
      });
      expect(stranger.statusCode).toBe(403);
      expect(await granted('agentepega000004')).toEqual([]);
      expect(await granted('agenteintruso002')).toEqual([]);
    });
  });
});
