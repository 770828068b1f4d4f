import sharp from 'sharp';
import { hideFace, unhideFace } from '../../server/src/modules/faces/faceHiding';
import { forgetSelfie, saveSelfie, searchFaces } from '../../server/src/modules/faces/faceSearch';
import { descriptorBytes } from '../../server/src/modules/faces/model/faceMatch';
import { demoPhoto, faceCrop } from '../support/faceSelfies';
import {
  again,
  boothPhoto,
  engine,
  facesOf,
  foundUrls,
  from,
  selfie,
  send,
  server,
  team,
  urls,
  withFaceSearchWorld,
} from './support/faceSearchWorld';

/**
 * 'Não me mostre': a guest who asked not to be found is left out of others' results, in the events they hid in, until
 * they undo it; their own searches still find them.
 */
withFaceSearchWorld();

it(`leaves out of others' results a photo with the face of a guest who asked not to be found, but not out of their \
own`, async () => {
  // Guest B (face 1 of sample 4) asks not to be found with a selfie of their own, smaller, turned
  // and lighter than the photo; guest A (face 0) is in the same photo.
  const phoneSelfie = await sharp(await faceCrop(demoPhoto(4), facesOf[4][1].box, { width: 320, quality: 60 }))
    .rotate(10, { background: '#808080' })
    .modulate({ brightness: 1.25 })
    .jpeg()
    .toBuffer();
  const [bOwnFace] = await engine.findFaces(phoneSelfie);
  await saveSelfie(server.db, 'agenteescondido01', bOwnFace.descriptor);
  expect(await hideFace(server.db, 'agenteescondido01', ['festa_ana'])).toBe(true);
  try {
    expect((await searchFaces(server.db, await selfie(4, 0), ['festa_ana'])).map((photo) => photo.url)).not.toContain(
      urls[4],
    );
    // Someone else with a crop of B's face finds nothing of B; B, from B's own agent, finds B's photo.
    expect(
      (await searchFaces(server.db, await selfie(4, 1), ['festa_ana'], 'agenteintruso001')).map((photo) => photo.url),
    ).not.toContain(urls[4]);
    expect(
      (await searchFaces(server.db, await selfie(4, 1), ['festa_ana'], 'agenteescondido01')).map((photo) => photo.url),
    ).toContain(urls[4]);
  } finally {
    expect(await unhideFace(server.db, 'agenteescondido01')).toBe(true);
    await forgetSelfie(server.db, 'agenteescondido01');
  }
  expect((await searchFaces(server.db, await selfie(4, 0), ['festa_ana'])).map((photo) => photo.url)).toContain(
    urls[4],
  );
});

it(`hides a face only in the events it was hidden in: a face hidden in one event changes no search of another, and a \
search reads no hidden face`, async () => {
  // The same group photo at 'outra' too, indexed as it was at festa_ana.
  const { rows } = await server.db.query<{ id: string }>(
    "INSERT INTO media (event_name, mode, file, kind) VALUES ('outra', 'pad', 'grupo-4-na-outra.jpg', 'image') " +
      'RETURNING id',
  );
  const copy = rows[0].id;
  await server.db.query("UPDATE events SET face_search = true WHERE name = 'outra'");
  await server.db.query(
    "INSERT INTO face_photos (media_id, event_name, status, faces, indexed_at) VALUES ($1, 'outra', 'indexed', " +
      '0, now())',
    [copy],
  );
  await server.db.query(
    `INSERT INTO face_descriptors (media_id, event_name, box, descriptor)
     SELECT $1, 'outra', d.box, d.descriptor FROM face_descriptors d JOIN media m ON m.id = d.media_id WHERE
       m.event_name = 'festa_ana' AND m.file = 'grupo-4.jpg'`,
    [copy],
  );
  const there = '/media/outra/pad/grupo-4-na-outra.jpg';
  const read: unknown[][] = [];
  const query = jest.spyOn(server.db, 'query');
  try {
    expect(
      (await searchFaces(server.db, await selfie(4, 0), ['festa_ana', 'outra'])).map((photo) => photo.url),
    ).toEqual(expect.arrayContaining([urls[4], there]));
    await saveSelfie(server.db, 'agenteescondido02', await selfie(4, 1));
    expect(await hideFace(server.db, 'agenteescondido02', ['outra'])).toBe(true);
    // Guest A (face 0) searches both events: the photo is left out at 'outra' only.
    const found = (await searchFaces(server.db, await selfie(4, 0), ['festa_ana', 'outra'], 'agenteoutro00002')).map(
      (photo) => photo.url,
    );
    expect(found).toContain(urls[4]);
    expect(found).not.toContain(there);
    // The photos a hidden face is in are written down when it is hidden: a search leaves them out
    // by their ids, and reads no hidden face (face_hidden), of this event or of any other.
    const descriptor = await selfie(4, 0);
    query.mockClear();
    for (const events of [['festa_ana'], ['festa_ana', 'outra']])
      await searchFaces(server.db, descriptor, events, 'agenteoutro00002');
    for (const [text] of query.mock.calls) if (/\bface_hidden\b(?!_)/.test(String(text))) read.push([text]);
    expect(read).toEqual([]);
    expect(query.mock.calls.some(([text]) => String(text).includes('face_hidden_photos'))).toBe(true);
  } finally {
    query.mockRestore();
    await unhideFace(server.db, 'agenteescondido02');
    await forgetSelfie(server.db, 'agenteescondido02');
    await server.db.query('DELETE FROM media WHERE id = $1', [copy]);
    await server.db.query("UPDATE events SET face_search = false WHERE name = 'outra'");
  }
});

it(`hides a photo indexed after the face was hidden in its event: others' searches leave it out as soon as it is \
found`, async () => {
  await saveSelfie(server.db, 'agenteescondido03', await selfie(4, 1));
  expect(await hideFace(server.db, 'agenteescondido03', ['festa_ana'])).toBe(true);
  try {
    const later = await boothPhoto(4, 'grupo-4-depois.jpg');
    // Guest A (face 0) is in the new photo with the hidden guest: A's search leaves it out; the hidden guest's own
    // finds it.
    expect(
      (await searchFaces(server.db, await selfie(4, 0), ['festa_ana'], 'agenteoutro00004')).map((photo) => photo.url),
    ).not.toContain(later);
    expect(
      (await searchFaces(server.db, await selfie(4, 1), ['festa_ana'], 'agenteescondido03')).map((photo) => photo.url),
    ).toContain(later);
    // The photo of sample 5 has no face near the hidden one: nothing of it is hidden.
    const { rows } = await server.db.query<{ file: string }>(
      'SELECT m.file FROM face_hidden_photos h JOIN media m ON m.id = h.media_id WHERE h.agent = ' +
        "'agenteescondido03' ORDER BY m.file",
    );
    expect(rows.map((row) => row.file)).toEqual(['grupo-4-depois.jpg', 'grupo-4.jpg']);
  } finally {
    expect(await unhideFace(server.db, 'agenteescondido03')).toBe(true);
    await forgetSelfie(server.db, 'agenteescondido03');
    await server.db.query("DELETE FROM media WHERE event_name = 'festa_ana' AND file = 'grupo-4-depois.jpg'");
  }
  expect((await server.db.query("SELECT 1 FROM face_hidden_photos WHERE agent = 'agenteescondido03'")).rowCount).toBe(
    0,
  );
});

it(`looks through the photos of a hiding kept before hidings were written by photo, at the first search of its \
event`, async () => {
  // As migration 0028 leaves a hiding made before it: the face and its event, no photo written down.
  await server.db.query("INSERT INTO face_hidden (agent, descriptor) VALUES ('agenteescondido04', $1)", [
    descriptorBytes(await selfie(4, 1)),
  ]);
  await server.db.query(
    "INSERT INTO face_hidden_events (event_name, agent, marked) VALUES ('festa_ana', 'agenteescondido04', false)",
  );
  try {
    expect(
      (await searchFaces(server.db, await selfie(4, 0), ['festa_ana'], 'agenteoutro00005')).map((photo) => photo.url),
    ).not.toContain(urls[4]);
    expect(
      (await server.db.query("SELECT 1 FROM face_hidden_events WHERE agent = 'agenteescondido04' AND marked")).rowCount,
    ).toBe(1);
  } finally {
    await unhideFace(server.db, 'agenteescondido04');
  }
});

describe("the face screen's calls", () => {
  it(`'Não me mostre' of a stranger holding a guest's picture hides nothing where the stranger may not search: the \
guest, and others, still find it`, async () => {
    const owner = { token: team.token };
    expect(
      (
        await server.call({
          method: 'PUT',
          url: '/api/events/festa_ana/visibility',
          ...owner,
          payload: { visibility: 'link' },
        })
      ).statusCode,
    ).toBe(200);
    // Guest G (face 1 of sample 4) and guest A (face 0) were there; the stranger was not.
    await server.db.query(
      "INSERT INTO event_grants (event_name, holder, via) VALUES ('festa_ana', 'agent:agenteconvidadog', " +
        "'link'), ('festa_ana', 'agent:agenteconvidadoa', 'link')",
    );
    try {
      // The stranger's selfie is a picture of G, and they ask to hide it where G's photos are.
      expect((await send('agenteestranho02', 4, 1, ['festa_ana'])).json()).toMatchObject({
        searched: [],
        unavailable: ['festa_ana'],
      });
      const hid = await server.call({
        method: 'POST',
        url: '/api/rostos-ocultos/agenteestranho02?eventos=festa_ana',
        ...from('agenteestranho02'),
      });
      expect(hid.statusCode).toBe(200);
      expect(foundUrls(await send('agenteconvidadog', 4, 1, ['festa_ana']))).toContain(urls[4]);
      expect(foundUrls(await send('agenteconvidadoa', 4, 0, ['festa_ana']))).toContain(urls[4]);
      expect(
        (await server.db.query("SELECT 1 FROM face_hidden_events WHERE agent = 'agenteestranho02'")).rowCount,
      ).toBe(0);
    } finally {
      await server.call({ method: 'DELETE', url: '/api/rostos-ocultos/agenteestranho02', ...from('agenteestranho02') });
      await server.db.query(
        "DELETE FROM event_grants WHERE holder IN ('agent:agenteconvidadog', 'agent:agenteconvidadoa')",
      );
      await server.call({
        method: 'PUT',
        url: '/api/events/festa_ana/visibility',
        ...owner,
        payload: { visibility: 'public' },
      });
    }
  });

  it(`'Não me mostre' reaches the events the hidden guest searches later, and is undone everywhere at \
once`, async () => {
    await server.db.query("UPDATE events SET face_search = false WHERE name = 'festa_ana'");
    try {
      // Face search is off at festa_ana when the guest hides: nothing is searched there, nothing hidden.
      expect((await send('agenteoculto0002', 4, 1, ['festa_ana'])).json()).toMatchObject({
        searched: [],
        hidden: false,
      });
      expect(
        (
          await server.call({
            method: 'POST',
            url: '/api/rostos-ocultos/agenteoculto0002?eventos=festa_ana',
            ...from('agenteoculto0002'),
          })
        ).statusCode,
      ).toBe(200);
      await server.db.query("UPDATE events SET face_search = true WHERE name = 'festa_ana'");
      expect(foundUrls(await send('agenteoutro00003', 4, 0, ['festa_ana']))).toContain(urls[4]);
      // The hidden guest's own search of festa_ana, now on, hides them there too.
      const own = await again('agenteoculto0002', 'festa_ana');
      expect(own.json()).toMatchObject({ hidden: true, searched: ['festa_ana'] });
      expect(foundUrls(own)).toContain(urls[4]);
      expect(foundUrls(await again('agenteoutro00003', 'festa_ana'))).not.toContain(urls[4]);
    } finally {
      await server.db.query("UPDATE events SET face_search = true WHERE name = 'festa_ana'");
      expect(
        (
          await server.call({
            method: 'DELETE',
            url: '/api/rostos-ocultos/agenteoculto0002',
            ...from('agenteoculto0002'),
          })
        ).statusCode,
      ).toBe(200);
    }
    expect((await server.db.query("SELECT 1 FROM face_hidden_events WHERE agent = 'agenteoculto0002'")).rowCount).toBe(
      0,
    );
    expect(foundUrls(await again('agenteoutro00003', 'festa_ana'))).toContain(urls[4]);
  });

  it(`'Não me mostre' hides the face from others' searches with the selfie kept, until the guest undoes \
it`, async () => {
    const hide = () =>
      server.call({
        method: 'POST',
        url: '/api/rostos-ocultos/agenteoculto0001?eventos=festa_ana',
        ...from('agenteoculto0001'),
      });
    // Without a selfie kept there is nothing to hide with.
    const none = await hide();
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ error: 'no_selfie' });

    expect(foundUrls(await send('agenteoculto0001', 4, 1, ['festa_ana']))).toContain(urls[4]);
    expect((await hide()).statusCode).toBe(200);
    try {
      expect((await again('agenteoculto0001', 'festa_ana')).json()).toMatchObject({ hidden: true });
      // The guest still finds their own photo; another guest in it no longer finds it.
      expect(foundUrls(await again('agenteoculto0001', 'festa_ana'))).toContain(urls[4]);
      expect(foundUrls(await send('agenteoutro00001', 4, 0, ['festa_ana']))).not.toContain(urls[4]);
      // 'Apagar minhas fotos' deletes the selfie but keeps the face hidden: that is its own choice.
      await server.call({ method: 'DELETE', url: '/api/faces/agenteoculto0001', ...from('agenteoculto0001') });
      expect(foundUrls(await again('agenteoutro00001', 'festa_ana'))).not.toContain(urls[4]);
    } finally {
      expect(
        (
          await server.call({
            method: 'DELETE',
            url: '/api/rostos-ocultos/agenteoculto0001',
            ...from('agenteoculto0001'),
          })
        ).statusCode,
      ).toBe(200);
    }
    expect(foundUrls(await again('agenteoutro00001', 'festa_ana'))).toContain(urls[4]);
  });
});
