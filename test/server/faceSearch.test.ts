import {
  databaseNow,
  forgetSelfie,
  purgeExpiredSelfies,
  saveSelfie,
  searchFaces,
  selfieOf,
} from '../../server/src/modules/faces/faceSearch';
import { dataUrl, demoPhoto, faceCrop } from '../support/faceSelfies';
import {
  again,
  boothPhoto,
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
 * The search of 'Encontre minhas fotos', on the group photos shipped in
 * @vladmandic/face-api's package, indexed as booth photos of an event with face search on: a
 * selfie made of one face finds the photo it is in and no other; a selfie is kept as a descriptor
 * for a day at most. 'Não me mostre' is tested in faceHiding.test.ts, 'Pegar todas' in faceCollect.test.ts.
 */
withFaceSearchWorld();

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
});
