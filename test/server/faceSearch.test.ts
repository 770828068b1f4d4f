import sharp from 'sharp';
import { hideFace, unhideFace } from '../../server/src/modules/faces/faceHiding';
import {
  databaseNow,
  forgetSelfie,
  purgeExpiredSelfies,
  saveSelfie,
  searchFaces,
  selfieOf,
} from '../../server/src/modules/faces/faceSearch';
import { createFaceEngine, type FaceEngine } from '../../server/src/modules/faces/model/faceEngine';
import { descriptorBytes } from '../../server/src/modules/faces/model/faceMatch';
import type { FoundFace } from '../../server/src/modules/faces/model/faceModel';
import { dataUrl, demoPhoto, faceCrop } from '../support/faceSelfies';
import { DEVICE_KEYS, loadBasicSeed } from './support/fixtures';
import { newTeamMember, newUser, startTestServer, type TestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';

/**
 * The search of 'Encontre minhas fotos', on the group photos shipped in
 * @vladmandic/face-api's package, indexed as booth photos of an event with face search on: a
 * selfie made of one face finds the photo it is in and no other; a selfie is kept as a descriptor
 * for a day at most; a guest who asked not to be found is left out of others' results.
 */
const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera, 'content-type': 'image/jpeg' };

let server: TestServer;
let engine: FaceEngine;
let team: Awaited<ReturnType<typeof newTeamMember>>;
const urls: Record<number, string> = {};
const facesOf: Record<number, FoundFace[]> = {};

/** A selfie of one face of a sample, as a phone frames it; its descriptor. */
async function selfie(sample: number, face: number): Promise<Float32Array> {
  const [found] = await engine.findFaces(await faceCrop(demoPhoto(sample), facesOf[sample][face].box, { quality: 70 }));
  if (!found) throw new Error(`no face found in the selfie of face ${face} of sample ${sample}`);
  return found.descriptor;
}

/** Sends demo photo `sample` as a booth photo of festa_ana; answers its URL once indexed. */
async function boothPhoto(sample: number, file: string): Promise<string> {
  const sent = await server.call({
    method: 'POST',
    url: `${DEVICE_PATHS.media}?file=${file}`,
    headers: camera,
    payload: demoPhoto(sample),
  });
  expect(sent.statusCode).toBe(200);
  await server.jobsDone();
  return sent.json<{ url: string }>().url;
}

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  engine = createFaceEngine();
  team = await newTeamMember();
  expect(
    (
      await server.call({
        method: 'PUT',
        url: '/api/events/festa_ana/rostos',
        token: team.token,
        payload: { enabled: true },
      })
    ).statusCode,
  ).toBe(200);
  for (const n of [4, 5]) {
    urls[n] = await boothPhoto(n, `grupo-${n}.jpg`);
    facesOf[n] = await engine.findFaces(demoPhoto(n));
  }
});

afterAll(async () => {
  await engine.close();
  await server.close();
});

it('finds the photo a face is in, and no photo without it', async () => {
  for (const [sample, other] of [
    [4, 5],
    [5, 4],
  ]) {
    const found = await searchFaces(server.db, await selfie(sample, 0), ['festa_ana']);
    expect(found.map((photo) => photo.url)).toContain(urls[sample]);
    expect(found.map((photo) => photo.url)).not.toContain(urls[other]);
    expect(found[0]).toMatchObject({ url: urls[sample], event: 'festa_ana' });
  }
});

it('searches only the events it is given, with face search on', async () => {
  const descriptor = await selfie(4, 1);
  expect(await searchFaces(server.db, descriptor, [])).toEqual([]);
  expect(await searchFaces(server.db, descriptor, ['outra'])).toEqual([]);
  await server.db.query("UPDATE events SET face_search = false WHERE name = 'festa_ana'");
  try {
    expect(await searchFaces(server.db, descriptor, ['festa_ana'])).toEqual([]);
  } finally {
    await server.db.query("UPDATE events SET face_search = true WHERE name = 'festa_ana'");
  }
});

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

it('keeps a selfie as its descriptor for a day at most, and deletes it at once when asked', async () => {
  const descriptor = await selfie(5, 2);
  await saveSelfie(server.db, 'agenteselfie0001', descriptor);
  expect(Array.from((await selfieOf(server.db, 'agenteselfie0001')) ?? [])).toEqual(Array.from(descriptor));
  const { rows } = await server.db.query<{ hours: number }>(
    'SELECT extract(epoch FROM expires_at - created_at)::int / 3600 AS hours FROM face_selfies WHERE agent = ' +
      "'agenteselfie0001'",
  );
  expect(rows[0].hours).toBe(24);
  // A day later it is no longer read, and the sweep deletes it.
  expect(await purgeExpiredSelfies(server.db, new Date(Date.now() + 25 * 3600_000))).toBe(1);
  expect(await selfieOf(server.db, 'agenteselfie0001')).toBeNull();

  await saveSelfie(server.db, 'agenteselfie0001', descriptor);
  expect(await forgetSelfie(server.db, 'agenteselfie0001')).toBe(true);
  expect(await selfieOf(server.db, 'agenteselfie0001')).toBeNull();
  expect(await forgetSelfie(server.db, 'agenteselfie0001')).toBe(false);

  // 'Apagar minhas fotos' on the face screen (DELETE /api/faces/{agent}) deletes it too.
  await saveSelfie(server.db, 'agenteselfie0001', descriptor);
  expect(
    (
      await server.call({
        method: 'DELETE',
        url: '/api/faces/agenteselfie0001',
        headers: { cookie: server.visitorCookie('agenteselfie0001') },
      })
    ).statusCode,
  ).toBe(200);
  expect(await selfieOf(server.db, 'agenteselfie0001')).toBeNull();
});

describe("the face screen's calls", () => {
  let address = 0;
  /** A request from the visitor's own browser (its agent cookie), each from its own address. */
  const from = (agent: string) => {
    address += 1;
    return { remoteAddress: `10.28.0.${address}`, headers: { cookie: server.visitorCookie(agent) } };
  };
  /** A selfie of a face of a sample, as the face screen sends it (a data URL). */
  const send = async (agent: string, sample: number, face: number, eventos?: string[]) =>
    server.call({
      method: 'POST',
      url: `/api/uploadFace/${agent}`,
      payload: {
        poligram: dataUrl(await faceCrop(demoPhoto(sample), facesOf[sample][face].box)),
        consentimento: true,
        ...(eventos ? { eventos } : {}),
      },
      ...from(agent),
    });
  const again = (agent: string, eventos: string, cookieAgent = agent) =>
    server.call({ method: 'GET', url: `/api/fotos-do-rosto/${agent}?eventos=${eventos}`, ...from(cookieAgent) });
  const foundUrls = (response: { json: () => unknown }) =>
    (response.json() as { found: { url: string }[] }).found.map((photo) => photo.url);

  it(`finds the photos of the face in the events asked that it may see and that have face search on; keeps the \
descriptor, never the image`, async () => {
    const response = await send('agentebusca00001', 5, 0, ['festa_ana', 'outra', 'nao_existe']);
    expect(response.statusCode).toBe(200);
    const reply = response.json<{ found: { url: string; event: string }[] }>();
    expect(reply).toMatchObject({
      selfie: true,
      hidden: false,
      searched: ['festa_ana'],
      unavailable: ['outra', 'nao_existe'],
    });
    expect(reply.found[0]).toEqual({ url: urls[5], event: 'festa_ana' });
    expect(foundUrls(response)).not.toContain(urls[4]);
    expect(await selfieOf(server.db, 'agentebusca00001')).not.toBeNull();
    expect(
      (await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM faces WHERE name = 'agentebusca00001'"))
        .rows[0].n,
    ).toBe(0);
  });

  it(`searches a link-only event for its guests only: a stranger is told it is not available, a guest who opened its \
link finds their photo`, async () => {
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
    try {
      const response = await send('agenteestranho01', 5, 0, ['festa_ana']);
      expect(response.json()).toEqual({
        selfie: true,
        hidden: false,
        found: [],
        searched: [],
        unavailable: ['festa_ana'],
      });
      // The event's link opened from this phone (the gate's own record of it).
      await server.db.query(
        "INSERT INTO event_grants (event_name, holder, via) VALUES ('festa_ana', 'agent:agenteconvidado1', 'link')",
      );
      const guest = await send('agenteconvidado1', 5, 0, ['festa_ana']);
      expect(guest.json()).toMatchObject({ searched: ['festa_ana'], unavailable: [] });
      expect(foundUrls(guest)).toContain(urls[5]);
    } finally {
      await server.call({
        method: 'PUT',
        url: '/api/events/festa_ana/visibility',
        ...owner,
        payload: { visibility: 'public' },
      });
    }
  });

  it('searches again with the selfie kept for the session, and finds the photos added since', async () => {
    expect((await again('agentedenovo0001', 'festa_ana')).json()).toEqual({
      selfie: false,
      hidden: false,
      found: [],
      searched: ['festa_ana'],
      unavailable: [],
    });
    expect(foundUrls(await send('agentedenovo0001', 4, 2, ['festa_ana']))).toEqual([urls[4]]);
    // The same group photo comes again from the booth: a new photo of the event, and the face is in it.
    const later = await boothPhoto(4, 'grupo-4-de-novo.jpg');
    const response = await again('agentedenovo0001', 'festa_ana,outra');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toMatchObject({ selfie: true, searched: ['festa_ana'], unavailable: ['outra'] });
    expect(foundUrls(response).sort()).toEqual([urls[4], later].sort());
    // 'Apagar minhas fotos': the selfie goes, and nothing is searched any more.
    expect(
      (await server.call({ method: 'DELETE', url: '/api/faces/agentedenovo0001', ...from('agentedenovo0001') }))
        .statusCode,
    ).toBe(200);
    expect((await again('agentedenovo0001', 'festa_ana')).json()).toMatchObject({ selfie: false, found: [] });
  });

  it('answers only the browser of the agent it names', async () => {
    await send('agentedono000001', 5, 1, ['festa_ana']);
    for (const call of [
      { method: 'GET' as const, url: '/api/fotos-do-rosto/agentedono000001?eventos=festa_ana' },
      { method: 'POST' as const, url: '/api/rostos-ocultos/agentedono000001' },
      { method: 'DELETE' as const, url: '/api/rostos-ocultos/agentedono000001' },
      { method: 'DELETE' as const, url: '/api/faces/agentedono000001' },
    ]) {
      const response = await server.call({ ...call, ...from('agenteintruso001') });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ error: 'agent_not_vouched' });
    }
    expect(await selfieOf(server.db, 'agentedono000001')).not.toBeNull();
  });

  it("refuses a capture sent without the guest's consent, and keeps nothing", async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/uploadFace/agentesemconsent',
      payload: { poligram: dataUrl(await faceCrop(demoPhoto(5), facesOf[5][0].box)), eventos: ['festa_ana'] },
      ...from('agentesemconsent'),
    });
    expect(response.statusCode).toBe(400);
    expect(await selfieOf(server.db, 'agentesemconsent')).toBeNull();
  });

  it(`keeps no selfie from a search under way when the guest deleted it meanwhile ('Apagar minhas fotos' or an erasure \
wins)`, async () => {
    const descriptor = await selfie(5, 1);
    // A search began, then the guest deleted their selfie, then the search's answer came.
    const began = await databaseNow(server.db);
    expect(await forgetSelfie(server.db, 'agenteapagou0001')).toBe(false);
    expect(await saveSelfie(server.db, 'agenteapagou0001', descriptor, began)).toBe(false);
    expect(await selfieOf(server.db, 'agenteapagou0001')).toBeNull();
    // The same through an erasure from the privacy page.
    const again = await databaseNow(server.db);
    const erased = await server.call({
      method: 'POST',
      url: '/api/privacy/erase',
      payload: { agent: 'agenteapagou0002' },
      headers: { cookie: server.visitorCookie('agenteapagou0002') },
    });
    expect(erased.statusCode).toBe(200);
    expect(await saveSelfie(server.db, 'agenteapagou0002', descriptor, again)).toBe(false);
    // A search begun after the deletion keeps its selfie.
    expect(await saveSelfie(server.db, 'agenteapagou0001', descriptor, await databaseNow(server.db))).toBe(true);
    expect(await selfieOf(server.db, 'agenteapagou0001')).not.toBeNull();
    await forgetSelfie(server.db, 'agenteapagou0001');
  });

  it('says kindly when the photo has no face, and keeps nothing', async () => {
    const response = await server.call({
      method: 'POST',
      url: '/api/uploadFace/agentesemrosto01',
      payload: {
        poligram: dataUrl(await faceCrop(demoPhoto(4), [0, 0.9, 0.05, 0.05])),
        consentimento: true,
        eventos: ['festa_ana'],
      },
      ...from('agentesemrosto01'),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toBe(
      'Não encontramos um rosto na foto. Tente com o rosto bem iluminado, sem óculos escuros, de frente para a câmera.',
    );
    expect(await selfieOf(server.db, 'agentesemrosto01')).toBeNull();
  });

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
      // The group photo, and the copy of it an earlier test's booth sent.
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
