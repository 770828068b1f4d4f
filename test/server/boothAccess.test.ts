import { attend, basicSeed, DEVICE_KEYS, loadBasicSeed, mp4 } from './support/fixtures';
import { newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';
import { BOOTH_CODE_WINDOW_MS, boothCode, isBoothCode } from '../../server/src/modules/booths/boothCodes';
import { DEVICE_PATHS } from '../../contract/devicePaths';

/**
 * A device's last media (`deviceLast`) and the 360 video (`ultraLast`) are an event's media: they
 * answer only for a device of that event, and a private event's only to a signed-in visitor who
 * was there, as `/all` does (a stranger, signed in or not, gets what an unknown event gets).
 */
let server: TestServer;
let visitor: TestUser;

const KEY = 'key-private-0001';

beforeAll(async () => {
  server = await startTestServer();
  const seed = basicSeed();
  seed.devices = [
    ...(seed.devices ?? []),
    { id: 'cam2', kind: 'booth', event: 'privada', mode: 'pad', key: KEY },
    { id: 'ultra2', kind: 'ultra', event: 'privada', mode: '360', key: KEY },
    { id: 'cam3', kind: 'booth', event: 'outra', mode: 'pad', key: KEY },
  ];
  seed.media = (seed.media ?? []).map((media) =>
    media.event === 'privada'
      ? { ...media, device: 'cam2' }
      : media.event === 'outra'
        ? { ...media, device: 'cam3' }
        : media,
  );
  await loadBasicSeed(server, seed);
  visitor = await newUser('convidado');
  await attend(server, 'privada', 'agentevisitante02', visitor.token);
  // The private event's platform made a video for a visitor.
  const ultra2 = { 'x-device-id': 'ultra2', 'x-device-key': KEY };
  await server.call({
    method: 'POST',
    url: DEVICE_PATHS.ultraSession,
    headers: ultra2,
    payload: { qrid: 'qrprivada1' },
  });
  expect(
    (
      await server.call({
        method: 'GET',
        url: '/api/ultraStartConfig/ultra2/qrprivada1/40/Vem_Tremer?agent=agentp001',
        headers: { cookie: server.visitorCookie('agentp001') },
      })
    ).body,
  ).toBe('success');
  await server.call({ method: 'GET', url: DEVICE_PATHS.ultraSettings, headers: ultra2 });
  const video = await server.call({
    method: 'POST',
    url: `${DEVICE_PATHS.ultraVideo}?file=giro-p.mp4`,
    headers: { ...ultra2, 'content-type': 'video/mp4' },
    payload: mp4(),
  });
  expect(video.statusCode).toBe(200);
});

afterAll(() => server.close());

/** A GET, from the browser of the visitor `agent` when named (an agent in a URL is only its own browser's). */
const get = (url: string, token?: string, agent?: string) =>
  server.call({ method: 'GET', url, token, headers: agent ? { cookie: server.visitorCookie(agent) } : {} });
const forged =
  `${Buffer.from('{"alg":"none"}').toString('base64url')}.` + `${Buffer.from('{"sub":"x"}').toString('base64url')}.`;

describe('GET /api/deviceLast/{bname}/{device}', () => {
  it(`answers a device of the event with its newest media, and the names people read of the booth and the \
event`, async () => {
    expect((await get('/api/deviceLast/festa_ana/cam1')).json()).toEqual({
      product: ['/media/festa_ana/pad/a2.jpg'],
      boothTitle: 'Cabine Pad',
      eventTitle: 'Festa da Ana',
    });
    // An event without a title is read by its name.
    expect((await get('/api/deviceLast/outra/cam3')).json()).toEqual({
      product: ['/media/outra/pad/o1.jpg'],
      boothTitle: 'Cabine Pad',
      eventTitle: 'outra',
    });
    expect((await get('/api/deviceLast/festa_ana/ultra1')).json()).toMatchObject({
      boothTitle: 'Plataforma 360',
      eventTitle: 'Festa da Ana',
    });
  });

  it("is 404 for another event's device, an unknown device or an unknown event", async () => {
    const other = await get('/api/deviceLast/outra/cam1');
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ error: 'device_not_found', message: 'Dispositivo não encontrado neste evento.' });
    expect((await get('/api/deviceLast/festa_ana/cam3')).statusCode).toBe(404);
    expect((await get('/api/deviceLast/festa_ana/ninguem')).statusCode).toBe(404);
    expect((await get('/api/deviceLast/nada/cam1')).statusCode).toBe(404);
  });

  it('keeps a private event to signed-in visitors who were there, as /all does', async () => {
    const anonymous = await get('/api/deviceLast/privada/cam2');
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json().message).toBe('Evento não encontrado.');
    expect((await get('/api/all/privada/pad')).statusCode).toBe(404);
    expect((await get('/api/deviceLast/privada/cam2', forged)).statusCode).toBe(401);
    const stranger = await newUser('estranho');
    expect((await get('/api/deviceLast/privada/cam2', stranger.token)).statusCode).toBe(404);
    // A guest who was there, signed out on this device: asked to sign in.
    const signedOut = await server.call({
      method: 'GET',
      url: '/api/deviceLast/privada/cam2',
      headers: { cookie: server.visitorCookie('agentevisitante02') },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe('Este evento é privado. Faça login para ver as fotos.');
    // Stored under a random name: the event is private.
    expect((await get('/api/deviceLast/privada/cam2', visitor.token)).json()).toEqual({
      product: [expect.stringMatching(/^\/media\/privada\/pad\/[0-9a-f]{32}\.jpg$/)],
      boothTitle: 'Cabine Pad',
      eventTitle: 'privada',
    });
  });

  it(`opens to a guest who scanned the code on the booth's screen (signed for that booth, for minutes), not to a \
stranger`, async () => {
    const linkOf = async (device: string) => {
      const reply = await server.call({
        method: 'GET',
        url: DEVICE_PATHS.lastPhotoLink,
        headers: { 'x-device-id': device, 'x-device-key': KEY },
      });
      expect(reply.statusCode).toBe(200);
      return reply.json<{ path: string; validUntil: string }>();
    };
    const link = await linkOf('cam2');
    expect(link.path).toMatch(/^\/deviceLast\?bname=privada&device=cam2&code=[A-Za-z0-9_-]{22}$/);
    // Taken for at least one more window: the booth asks again every minute.
    expect(Date.parse(link.validUntil) - Date.now()).toBeGreaterThan(BOOTH_CODE_WINDOW_MS - 5_000);
    const code = new URL(link.path, 'http://x').searchParams.get('code') ?? '';
    const otherBooth = new URL((await linkOf('cam3')).path, 'http://x').searchParams.get('code') ?? '';

    const guest = await newUser('placa');
    const asGuest = { token: guest.token, headers: { cookie: server.visitorCookie('agentplaca01') } };
    const last = (query = '', who: { token?: string; headers?: Record<string, string> } = asGuest) =>
      server.call({ method: 'GET', url: `/api/deviceLast/privada/cam2${query}`, ...who });
    expect((await last()).statusCode).toBe(404);
    // Another booth's code (of another event) opens nothing here, and says to scan again.
    const wrong = await last(`?code=${otherBooth}`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toEqual({
      error: 'booth_code_expired',
      message: 'Este QR code já expirou. Escaneie de novo o QR code na tela da cabine.',
    });
    expect((await last()).statusCode).toBe(404);
    // Nor does a code tell which events exist: an unknown one answers the same.
    const unknown = await server.call({
      method: 'GET',
      url: `/api/deviceLast/nao_existe/cam2?code=${code}`,
      ...asGuest,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(wrong.json());

    const scanned = await last(`?code=${code}`);
    expect(scanned.statusCode).toBe(200);
    expect(scanned.json()).toMatchObject({
      product: [expect.stringMatching(/^\/media\/privada\/pad\//)],
      boothTitle: 'Cabine Pad',
    });
    // Kept: the guest's account and phone were there, without the code from now on.
    expect((await last()).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: '/api/all/privada/pad', token: guest.token })).statusCode).toBe(
      200,
    );
    // Signed out on that phone, the private event asks for the login; a stranger still gets nothing.
    expect((await last('', { headers: { cookie: server.visitorCookie('agentplaca01') } })).statusCode).toBe(401);
    expect((await last('', { token: (await newUser('bisbilhoteiro')).token })).statusCode).toBe(404);
  });

  it('does not tell an anonymous visitor which devices a private event has', async () => {
    expect((await get('/api/deviceLast/privada/cam1')).statusCode).toBe(404);
    expect((await get('/api/deviceLast/privada/cam1', visitor.token)).statusCode).toBe(404);
  });
});

describe('GET /api/ultraLast/{device}/{bname}', () => {
  it("answers the event's platform", async () => {
    expect((await get('/api/ultraLast/ultra1/festa_ana')).json()).toEqual({ product: [] });
  });

  it("is 404 for another event's platform, or a device that is no platform", async () => {
    const other = await get('/api/ultraLast/ultra1/outra');
    expect(other.statusCode).toBe(404);
    expect(other.json().error).toBe('device_not_found');
    expect((await get('/api/ultraLast/ultra2/festa_ana')).statusCode).toBe(404);
    expect((await get('/api/ultraLast/cam1/festa_ana')).statusCode).toBe(404);
    expect((await get('/api/ultraLast/ultra1/nada')).statusCode).toBe(404);
  });

  it('keeps a private event to signed-in visitors who were there, as /all does', async () => {
    // Another browser naming the visitor's agent is refused whoever signs in (403); the visitor's own, signed in, sees
    // it.
    expect((await get('/api/ultraLast/ultra2/privada?agent=agentp001')).statusCode).toBe(403);
    expect((await get('/api/ultraLast/ultra2/privada?agent=agentp001', visitor.token)).statusCode).toBe(403);
    expect((await get('/api/ultraLast/ultra2/privada?agent=agentp001', forged, 'agentp001')).statusCode).toBe(401);
    expect((await get('/api/ultraLast/ultra2/privada?agent=agentp001', visitor.token, 'agentp001')).json()).toEqual({
      product: [expect.stringMatching(/^\/media\/privada\/360\/[0-9a-f]{32}\.mp4$/)],
    });
    expect((await get('/api/ultraLast/ultra1/privada')).statusCode).toBe(404);
    expect((await get('/api/ultraLast/ultra1/privada', visitor.token)).statusCode).toBe(404);
  });

  it(`opens to a guest who configured the platform with the QR code on its screen (they were there), not to a \
stranger's account`, async () => {
    const ultra2 = { 'x-device-id': 'ultra2', 'x-device-key': KEY };
    const guest = await newUser('giro');
    const stranger = await newUser('curioso');
    const asGuest = { token: guest.token, headers: { cookie: server.visitorCookie('agentq001') } };
    const last = (who: { token: string; headers?: Record<string, string> }) =>
      server.call({ method: 'GET', url: '/api/ultraLast/ultra2/privada?agent=agentq001', ...who });
    await server.call({
      method: 'POST',
      url: DEVICE_PATHS.ultraSession,
      headers: ultra2,
      payload: { qrid: 'qrprivada2' },
    });
    expect((await last(asGuest)).statusCode).toBe(404);
    const configured = await server.call({
      method: 'GET',
      url: '/api/ultraStartConfig/ultra2/qrprivada2/40/Vem_Tremer?agent=agentq001',
      ...asGuest,
    });
    expect(configured.body).toBe('success');
    expect((await last(asGuest)).body).toBe('in_session');
    // The grant is the account's and the phone's: signed out on that phone, the private event asks for the login.
    expect(
      (
        await server.call({
          method: 'GET',
          url: '/api/ultraLast/ultra2/privada?agent=agentq001',
          headers: { cookie: server.visitorCookie('agentq001') },
        })
      ).statusCode,
    ).toBe(401);
    // A stranger's account sees nothing of the event from their own phone, and cannot borrow the guest's agent.
    expect((await get('/api/ultraLast/ultra2/privada', stranger.token, 'curiosophone1')).statusCode).toBe(404);
    expect(
      (await last({ token: stranger.token, headers: { cookie: server.visitorCookie('curiosophone1') } })).statusCode,
    ).toBe(403);
    // An expired QR code grants nothing.
    const late = await newUser('atrasado');
    const expired = await get(
      '/api/ultraStartConfig/ultra2/qrprivada1/40/Vem_Tremer?agent=agentr001',
      late.token,
      'agentr001',
    );
    expect(expired.statusCode).toBe(409);
    expect((await get('/api/ultraLast/ultra2/privada?agent=agentr001', late.token, 'agentr001')).statusCode).toBe(404);
  });
});

describe('GET /api/agentResults/{agent}', () => {
  it("lists what booths made for a visitor, oldest first, and nobody else's", async () => {
    const ultra1 = { 'x-device-id': 'ultra1', 'x-device-key': DEVICE_KEYS.ultra };
    const made: Record<string, string[]> = {};
    for (const [qrid, agent, file] of [
      ['qrcode101', 'agentz001', 'giro-z1.mp4'],
      ['qrcode102', 'agenty001', 'giro-y1.mp4'],
      ['qrcode103', 'agentz001', 'giro-z2.mp4'],
    ]) {
      await server.call({ method: 'POST', url: DEVICE_PATHS.ultraSession, headers: ultra1, payload: { qrid } });
      expect(
        (await get(`/api/ultraStartConfig/ultra1/${qrid}/20/Vem_Tremer?agent=${agent}`, undefined, agent)).body,
      ).toBe('success');
      await server.call({ method: 'GET', url: DEVICE_PATHS.ultraSettings, headers: ultra1 });
      const video = await server.call({
        method: 'POST',
        url: `${DEVICE_PATHS.ultraVideo}?file=${file}`,
        headers: { ...ultra1, 'content-type': 'video/mp4' },
        payload: mp4(),
      });
      made[agent] = [...(made[agent] ?? []), video.json<{ url: string }>().url];
    }
    expect(new Set(Object.values(made).flat()).size).toBe(3);
    expect((await get('/api/agentResults/agentz001', undefined, 'agentz001')).json()).toEqual({
      product: made.agentz001,
    });
    expect((await get('/api/agentResults/agenty001', undefined, 'agenty001')).json()).toEqual({
      product: made.agenty001,
    });
    expect((await get('/api/agentResults/agentx001', undefined, 'agentx001')).json()).toEqual({ product: [] });
    // Another browser naming Z's agent is no Z.
    expect((await get('/api/agentResults/agentz001', undefined, 'agenty001')).statusCode).toBe(403);
  });
});

describe("the code on a booth's screen", () => {
  const key = Buffer.alloc(32, 7);
  const now = Date.UTC(2026, 10, 26, 20, 0, 30);

  it('is taken in its window and the next, for its own booth and event only', () => {
    const { code, validUntil } = boothCode(key, 'festa', 'cam1', now);
    expect(isBoothCode(key, 'festa', 'cam1', code, now)).toBe(true);
    expect(isBoothCode(key, 'festa', 'cam1', code, validUntil.getTime() - 1)).toBe(true);
    expect(isBoothCode(key, 'festa', 'cam1', code, validUntil.getTime())).toBe(false);
    expect(isBoothCode(key, 'festa', 'cam2', code, now)).toBe(false);
    expect(isBoothCode(key, 'outra', 'cam1', code, now)).toBe(false);
    expect(isBoothCode(Buffer.alloc(32, 8), 'festa', 'cam1', code, now)).toBe(false);
    // A new window, a new code; junk of any length is no code.
    expect(boothCode(key, 'festa', 'cam1', now + BOOTH_CODE_WINDOW_MS).code).not.toBe(code);
    for (const junk of ['', 'x', code.slice(1), `${code}A`, 'é'.repeat(22)])
      expect(isBoothCode(key, 'festa', 'cam1', junk, now)).toBe(false);
  });
});
