import { DEVICE_KEYS, jpeg, loadBasicSeed, mp4 } from './support/fixtures';
import { newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { EventName } from '../../contract/names';

let server: TestServer;
/** A signed-in guest whose account was created from the browser of agent `agenta001`. */
let linked: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  linked = await newUser('linked');
  const account = JSON.stringify({
    email: linked.email,
    agent: 'agenta001',
    displayName: 'Ana',
    photoURL: '',
    phone: '',
    tiktok: '',
    instagram: '',
    transactions: [],
  });
  // The account's device is the agent of the browser it is created in (its cookie), as the SPA sends it.
  const created = await server.call({
    method: 'GET',
    url: `/api/createAccount?${new URLSearchParams({ account }).toString()}`,
    token: linked.token,
    headers: { cookie: server.visitorCookie('agenta001') },
  });
  expect(created.body).toBe('ok');
});

afterAll(() => server.close());

function device(id: string, key: string) {
  return { 'x-device-id': id, 'x-device-key': key };
}
const mirrorDevice = device('mirror1', DEVICE_KEYS.mirror);
const ultraDevice = device('ultra1', DEVICE_KEYS.ultra);

const collectionOf = async (user: TestUser) =>
  (await server.call({ method: 'GET', url: '/api/account', token: user.token })).json().collection as string[];
/** A guest's calls come from their own browser (its signed agent, agenta001 unless named), as the phone's do. */
const resultsOf = async (agent: string) =>
  (
    await server.call({
      method: 'GET',
      url: `/api/agentResults/${agent}`,
      headers: { cookie: server.visitorCookie(agent) },
    })
  ).json() as { product: string[] };

const text = async (url: string, agent = 'agenta001') => {
  const response = await server.call({ method: 'GET', url, headers: { cookie: server.visitorCookie(agent) } });
  return { status: response.statusCode, body: response.body };
};

/** A guest's result is stored under a random name, never the one the device sent. */
const RANDOM_NAME = (eventName: EventName, mode: string, extension: string) =>
  new RegExp(`^/media/${eventName}/${mode}/[0-9a-f]{32}\\.${extension}$`);
const galleryOf = async (mode: string) =>
  (await server.call({ method: 'GET', url: `/api/all/festa_ana/${mode}` })).json().product as string[];
/** The image the mirror made for agenta001. */
let mirrorImage = '';

describe('the AI mirror', () => {
  const guest = '/api/espelho/mirror1/sessao001/agenta001';

  beforeAll(async () => {
    const opened = await server.call({
      method: 'POST',
      url: DEVICE_PATHS.mirrorSession,
      headers: mirrorDevice,
      payload: { sessionHash: 'sessao001' },
    });
    expect(opened.statusCode).toBe(200);
  });

  it('runs a session: start, mode, prompt, the device renders, the guest gets the image, restart', async () => {
    expect(await text(`${guest}/get_modes/0`)).toEqual({
      status: 200,
      body: JSON.stringify([{ title: 'Anime', description: 'd', icon: '/catalogo/espelho-anime.png', background: '' }]),
    });
    expect(JSON.parse((await text(`${guest}/get_prompts/Anime`)).body)).toEqual([
      { title: 'Samurai', icon: '', background: '' },
      { title: 'Ninja', icon: '', background: '' },
    ]);
    expect(await text(`${guest}/start/0`)).toEqual({ status: 200, body: 'start_ok' });
    expect(await text(`${guest}/mode/Anime`)).toEqual({ status: 200, body: 'mode_ok' });
    expect(await text(`${guest}/get_last_image/0`)).toEqual({ status: 200, body: 'no_image' });
    expect(await text(`${guest}/prompt/Samurai`)).toEqual({ status: 200, body: 'prompt_ok' });

    const job = await server.call({ method: 'GET', url: DEVICE_PATHS.mirrorJob, headers: mirrorDevice });
    expect(job.json()).toEqual({ mode: 'Anime', prompt: 'Samurai', session: 'sessao001' });
    expect((await server.call({ method: 'GET', url: DEVICE_PATHS.mirrorJob, headers: mirrorDevice })).statusCode).toBe(
      204,
    );
    expect(await text(`${guest}/get_last_image/0`)).toEqual({ status: 200, body: 'no_image' });

    const image = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.mirrorImage}?file=ia-001.jpg`,
      headers: { ...mirrorDevice, 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    });
    mirrorImage = (image.json() as { url: string }).url;
    expect(mirrorImage).toMatch(RANDOM_NAME('festa_ana', 'feed', 'jpg'));
    expect(await text(`${guest}/get_last_image/0`)).toEqual({ status: 200, body: mirrorImage });
    // The guest's, not the event's: in no gallery, and not what the booth's deviceLast QR code gives.
    expect(await galleryOf('feed')).not.toContain(mirrorImage);
    expect((await server.call({ method: 'GET', url: '/api/deviceLast/festa_ana/mirror1' })).json()).toMatchObject({
      product: [],
    });
    expect((await server.call({ method: 'GET', url: mirrorImage })).statusCode).toBe(200);
    expect(await text(`${guest}/restart/0`)).toEqual({ status: 200, body: 'restart_ok' });
  });

  it("records the finished image for the guest's agent and adds it to the account made from that agent", async () => {
    const rows = await server.db.query('SELECT agent, url, kind FROM agent_results');
    expect(rows.rows).toEqual([{ agent: 'agenta001', url: mirrorImage, kind: 'mirror' }]);
    expect(await resultsOf('agenta001')).toEqual({ product: [mirrorImage] });
    expect(await resultsOf('agentb002')).toEqual({ product: [] });
    expect(await collectionOf(linked)).toEqual([mirrorImage]);
  });

  it('gives an image nobody asked for to nobody', async () => {
    await server.call({
      method: 'POST',
      url: DEVICE_PATHS.mirrorSession,
      headers: mirrorDevice,
      payload: { sessionHash: 'sessao002' },
    });
    const image = await server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.mirrorImage}?file=ia-sobra.jpg`,
      headers: { ...mirrorDevice, 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    });
    expect(image.statusCode).toBe(200);
    expect((await server.db.query('SELECT url FROM agent_results')).rows).toEqual([{ url: mirrorImage }]);
    await server.call({
      method: 'POST',
      url: DEVICE_PATHS.mirrorSession,
      headers: mirrorDevice,
      payload: { sessionHash: 'sessao001' },
    });
  });

  it('takes a custom prompt as a mode change, then as a prompt', async () => {
    expect((await text(`${guest}/start/0`)).body).toBe('start_ok');
    expect((await text(`${guest}/mode/custom`)).body).toBe('mode_ok');
    expect((await text(`${guest}/prompt/${encodeURIComponent('um gato astronauta? 100%')}`)).body).toBe('prompt_ok');
    const job = await server.call({ method: 'GET', url: DEVICE_PATHS.mirrorJob, headers: mirrorDevice });
    expect(job.json()).toMatchObject({ mode: 'custom', prompt: 'um gato astronauta? 100%' });
    await text(`${guest}/restart/0`);
  });

  it('keeps a second guest out while one uses the mirror, and refuses an old QR code', async () => {
    expect((await text(`${guest}/start/0`)).body).toBe('start_ok');
    expect(await text('/api/espelho/mirror1/sessao001/agentb002/start/0', 'agentb002')).toMatchObject({ status: 409 });
    expect(await text('/api/espelho/mirror1/velho0001/agenta001/start/0')).toMatchObject({ status: 409 });
    await text(`${guest}/restart/0`);
  });

  it('refuses unknown modes and prompts, unknown mirrors and odd input with 4xx', async () => {
    await text(`${guest}/start/0`);
    expect((await text(`${guest}/mode/Inexistente`)).status).toBe(404);
    await text(`${guest}/mode/Anime`);
    expect((await text(`${guest}/prompt/Pirata`)).status).toBe(404);
    expect((await text('/api/espelho/nada/sessao001/agenta001/start/0')).status).toBe(404);
    expect((await text('/api/espelho/cam1/sessao001/agenta001/start/0')).status).toBe(404);
    expect((await text(`/api/espelho/mirror1/sessao001/a%20b/start/0`)).status).toBe(400);
    expect((await text(`${guest}/prompt/${'x'.repeat(600)}`)).status).toBe(400);
    expect((await text(`${guest}/prompt/${encodeURIComponent('a\u0001b')}`)).status).toBe(400);
    await text(`${guest}/restart/0`);
  });
});

describe('the 360 platform', () => {
  const openQr = (qrid: string) =>
    server.call({ method: 'POST', url: DEVICE_PATHS.ultraSession, headers: ultraDevice, payload: { qrid } });
  const takeSettings = () => server.call({ method: 'GET', url: DEVICE_PATHS.ultraSettings, headers: ultraDevice });
  /** The video the platform made for agenta001 first. */
  let firstVideo = '';
  const postVideo = (file: string) =>
    server.call({
      method: 'POST',
      url: `${DEVICE_PATHS.ultraVideo}?file=${file}`,
      headers: { ...ultraDevice, 'content-type': 'video/mp4' },
      payload: mp4(),
    });

  it(`configures the QR code on screen, records (in_session) and delivers the video to the guest and their \
account`, async () => {
    expect((await openQr('qrcode001')).json()).toEqual({ status: 'idle' });
    expect((await text('/api/ultraLast/ultra1/festa_ana?agent=agenta001')).body).not.toBe('in_session');
    expect(await text('/api/ultraStartConfig/ultra1/qrcode001/40/Vem_Tremer?agent=agenta001')).toEqual({
      status: 200,
      body: 'success',
    });
    expect(await text('/api/ultraLast/ultra1/festa_ana?agent=agenta001')).toEqual({ status: 200, body: 'in_session' });
    expect((await takeSettings()).json()).toEqual({ qrid: 'qrcode001', speed: 40, music: 'Vem_Tremer' });
    expect((await takeSettings()).statusCode).toBe(204);
    expect((await text('/api/ultraLast/ultra1/festa_ana?agent=agenta001')).body).toBe('in_session');
    firstVideo = (await postVideo('giro-001.mp4')).json<{ url: string }>().url;
    expect(firstVideo).toMatch(RANDOM_NAME('festa_ana', '360', 'mp4'));
    const ready = await server.call({
      method: 'GET',
      url: '/api/ultraLast/ultra1/festa_ana?agent=agenta001',
      headers: { cookie: server.visitorCookie('agenta001') },
    });
    expect(ready.headers['content-type']).toMatch(/^application\/json/);
    expect(ready.json()).toEqual({ product: [firstVideo] });
    // The guest's video, not the event's: the 360 gallery does not list it.
    expect(await galleryOf('360')).not.toContain(firstVideo);

    const recorded = await server.db.query("SELECT agent, url FROM agent_results WHERE kind = '360'");
    expect(recorded.rows).toEqual([{ agent: 'agenta001', url: firstVideo }]);
    expect((await resultsOf('agenta001')).product).toEqual([mirrorImage, firstVideo]);
    expect(await collectionOf(linked)).toEqual([mirrorImage, firstVideo]);
  });

  it("keeps the visitor's video on ultraLast after the platform shows a new QR code", async () => {
    await openQr('qrcode002');
    expect(
      (
        await server.call({
          method: 'GET',
          url: '/api/ultraLast/ultra1/festa_ana?agent=agenta001',
          headers: { cookie: server.visitorCookie('agenta001') },
        })
      ).json(),
    ).toEqual({
      product: [firstVideo],
    });
  });

  it(`hands each visitor only their own session and video: another visitor, or a request without one, gets nothing of \
theirs`, async () => {
    const last = async (agent?: string) => {
      const { status, body } = await text(`/api/ultraLast/ultra1/festa_ana${agent ? `?agent=${agent}` : ''}`, agent);
      expect(status).toBe(200);
      return body === 'in_session' ? body : (JSON.parse(body) as unknown);
    };
    await openQr('qrcode010');
    expect((await text('/api/ultraStartConfig/ultra1/qrcode010/40/Vem_Tremer?agent=agenta001')).body).toBe('success');
    expect(await last('agenta001')).toBe('in_session');
    // The next guest in the queue opens the result screen: not the first one's session...
    expect(await last('agentb002')).toEqual({ product: [] });
    expect(await last()).toEqual({ product: [] });
    await takeSettings();
    const video = (await postVideo('giro-010.mp4')).json<{ url: string }>().url;
    // ...nor their video, while it is the platform's last one, nor after a new QR code is on screen.
    expect(await last('agenta001')).toEqual({ product: [video] });
    expect(await last('agentb002')).toEqual({ product: [] });
    expect(await last()).toEqual({ product: [] });
    await openQr('qrcode011');
    expect(await last('agenta001')).toEqual({ product: [video] });
    expect(await last('agentb002')).toEqual({ product: [] });
    expect(await last()).toEqual({ product: [] });
  });

  it('refuses a QR code that is no longer (or never was) on the screen', async () => {
    await openQr('qrcode003');
    const stale = await server.call({
      method: 'GET',
      url: '/api/ultraStartConfig/ultra1/qrcode002/40/Vem_Tremer?agent=agenta001',
      headers: { cookie: server.visitorCookie('agenta001') },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({
      error: 'session_expired',
      message: 'Este QR code expirou. Escaneie o novo código da plataforma.',
    });
    expect((await text('/api/ultraStartConfig/ultra1/inventado/40/Vem_Tremer?agent=agenta001')).status).toBe(409);
    expect((await takeSettings()).statusCode).toBe(204);
  });

  it('keeps a second visitor out of a session another configured, and lets the first change the settings', async () => {
    await openQr('qrcode004');
    expect((await text('/api/ultraStartConfig/ultra1/qrcode004/20/Vem_Tremer?agent=agenta001')).body).toBe('success');
    const busy = await server.call({
      method: 'GET',
      url: '/api/ultraStartConfig/ultra1/qrcode004/80/Eu_Fiz_um_Jet?agent=agentb002',
      headers: { cookie: server.visitorCookie('agentb002') },
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ error: 'session_busy', message: 'A plataforma está em uso por outra pessoa.' });
    expect((await text('/api/ultraStartConfig/ultra1/qrcode004/80/Eu_Fiz_um_Jet')).status).toBe(409);
    expect((await text('/api/ultraStartConfig/ultra1/qrcode004/60/Vem_Tremer?agent=agenta001')).body).toBe('success');
    expect((await takeSettings()).json()).toEqual({ qrid: 'qrcode004', speed: 60, music: 'Vem_Tremer' });
    // Recording: still the first visitor's, and theirs to change.
    expect(
      (await text('/api/ultraStartConfig/ultra1/qrcode004/80/Vem_Tremer?agent=agentb002', 'agentb002')).status,
    ).toBe(409);
    const video = (await postVideo('giro-002.mp4')).json<{ url: string }>().url;
    // The video is made: this QR code is spent for anybody else.
    expect(
      (await text('/api/ultraStartConfig/ultra1/qrcode004/80/Vem_Tremer?agent=agentb002', 'agentb002')).status,
    ).toBe(409);
    expect((await resultsOf('agentb002')).product).toEqual([]);
    expect((await resultsOf('agenta001')).product).toContain(video);
  });

  it('lets a visitor start on a fresh QR code, and records nothing for a session without an agent', async () => {
    await openQr('qrcode005');
    expect((await text('/api/ultraStartConfig/ultra1/qrcode005/20/Vem_Tremer')).body).toBe('success');
    await takeSettings();
    const video = (await postVideo('giro-003.mp4')).json<{ url: string }>().url;
    expect(video).toMatch(RANDOM_NAME('festa_ana', '360', 'mp4'));
    expect(
      (await server.db.query('SELECT count(*)::int AS n FROM agent_results WHERE url = $1', [video])).rows[0].n,
    ).toBe(0);
  });

  it.each([
    ['/api/ultraStartConfig/ultra1/qrcode005/30/Vem_Tremer', 400],
    ['/api/ultraStartConfig/ultra1/qrcode005/40/Funk_Proibido', 400],
    ['/api/ultraStartConfig/cam1/qrcode005/40/Vem_Tremer', 404],
    ['/api/ultraStartConfig/ultra1/qr%2F..%2F1/40/Vem_Tremer', 400],
    ['/api/ultraStartConfig/ultra1/qrcode005/40/Vem_Tremer?agent=a%20b', 400],
    ['/api/ultraStartConfig/ultra1/qrcode005/40/Vem_Tremer?agent=agenta001&outro=1', 400],
    ['/api/ultraLast/nada/festa_ana', 404],
    ['/api/ultraLast/ultra1/..', 404],
    ['/api/ultraLast/ultra1/festa_ana?agent=a%20b', 400],
    ['/api/ultraLast/ultra1/festa_ana?agent=agenta001&outro=1', 400],
    ['/api/agentResults/a%20b', 400],
  ])('%s is %i', async (url, status) => {
    expect((await text(url)).status).toBe(status);
  });

  it('takes a QR code from the platform only, in the session key format', async () => {
    expect(
      (
        await server.call({
          method: 'POST',
          url: DEVICE_PATHS.ultraSession,
          headers: mirrorDevice,
          payload: { qrid: 'qrcode009' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await server.call({ method: 'POST', url: DEVICE_PATHS.ultraSession, payload: { qrid: 'qrcode009' } }))
        .statusCode,
    ).toBe(401);
    expect((await openQr('x/../y')).statusCode).toBe(400);
    expect((await openQr('abc')).statusCode).toBe(400);
  });
});

describe("a visitor's agent known to a stranger", () => {
  // The agent leaks (a proxy's log of a path, a shared link): naming it proves nothing, only the
  // browser it was signed for is that visitor.
  it.each([
    '/api/espelho/mirror1/sessao001/agenta001/start/0',
    '/api/espelho/mirror1/sessao001/agenta001/get_last_image/0',
    '/api/espelho/mirror1/sessao001/agenta001/restart/0',
    '/api/espelho/mirror1/sessao001/agenta001/get_modes/0',
    '/api/ultraLast/ultra1/festa_ana?agent=agenta001',
    '/api/ultraStartConfig/ultra1/qrcode005/40/Vem_Tremer?agent=agenta001',
    '/api/agentResults/agenta001',
  ])('%s from another browser (or none) is 403 agent_not_vouched', async (url) => {
    for (const headers of [{ cookie: server.visitorCookie('estranho01') }, {}, { cookie: 'agent=agenta001' }]) {
      const response = await server.call({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'agent_not_vouched',
        message: 'Não reconhecemos este aparelho. Recarregue a página e tente de novo.',
      });
    }
  });

  it("leaves the visitor's results and session as they were", async () => {
    const before = await resultsOf('agenta001');
    expect(before.product.length).toBeGreaterThan(0);
    await server.call({
      method: 'GET',
      url: '/api/espelho/mirror1/sessao001/agenta001/restart/0',
      headers: { cookie: server.visitorCookie('estranho01') },
    });
    expect(await resultsOf('agenta001')).toEqual(before);
  });
});
