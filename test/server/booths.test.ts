import { DEVICE_KEYS, jpeg, loadBasicSeed, mp4 } from './support/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
});

afterAll(() => server.close());

function device(id: string, key: string) {
  return { 'x-device-id': id, 'x-device-key': key };
}
const mirrorDevice = device('mirror1', DEVICE_KEYS.mirror);
const ultraDevice = device('ultra1', DEVICE_KEYS.ultra);

const text = async (url: string) => {
  const response = await server.call({ method: 'GET', url });
  return { status: response.statusCode, body: response.body };
};

describe('the AI mirror', () => {
  const guest = '/api/espelho/mirror1/sessao001/agentA001';

  beforeAll(async () => {
    const opened = await server.call({ method: 'POST', url: '/api/device/mirror/session', headers: mirrorDevice, payload: { sessionHash: 'sessao001' } });
    expect(opened.statusCode).toBe(200);
  });

  it('runs a session: start, mode, prompt, the device renders, the guest gets the image, restart', async () => {
    expect(await text(`${guest}/get_modes/0`)).toEqual({ status: 200, body: JSON.stringify([{ title: 'Anime', description: 'd', icon: '', background: '' }]) });
    expect(JSON.parse((await text(`${guest}/get_prompts/Anime`)).body)).toEqual([
      { title: 'Samurai', icon: '', background: '' },
      { title: 'Ninja', icon: '', background: '' },
    ]);
    expect(await text(`${guest}/start/0`)).toEqual({ status: 200, body: 'start_ok' });
    expect(await text(`${guest}/mode/Anime`)).toEqual({ status: 200, body: 'mode_ok' });
    expect(await text(`${guest}/get_last_image/0`)).toEqual({ status: 200, body: 'no_image' });
    expect(await text(`${guest}/prompt/Samurai`)).toEqual({ status: 200, body: 'prompt_ok' });

    const job = await server.call({ method: 'GET', url: '/api/device/mirror/job', headers: mirrorDevice });
    expect(job.json()).toEqual({ mode: 'Anime', prompt: 'Samurai', agent: 'agentA001' });
    expect((await server.call({ method: 'GET', url: '/api/device/mirror/job', headers: mirrorDevice })).statusCode).toBe(204);
    expect(await text(`${guest}/get_last_image/0`)).toEqual({ status: 200, body: 'no_image' });

    const image = await server.call({
      method: 'POST',
      url: '/api/device/mirror/image?file=ia-001.jpg',
      headers: { ...mirrorDevice, 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    });
    expect(image.json()).toEqual({ url: '/media/festa_ana/feed/ia-001.jpg' });
    expect(await text(`${guest}/get_last_image/0`)).toEqual({ status: 200, body: '/media/festa_ana/feed/ia-001.jpg' });
    expect(await text(`${guest}/restart/0`)).toEqual({ status: 200, body: 'restart_ok' });
  });

  it('takes a custom prompt as a mode change, then as a prompt', async () => {
    expect((await text(`${guest}/start/0`)).body).toBe('start_ok');
    expect((await text(`${guest}/mode/custom`)).body).toBe('mode_ok');
    expect((await text(`${guest}/prompt/${encodeURIComponent('um gato astronauta? 100%')}`)).body).toBe('prompt_ok');
    const job = await server.call({ method: 'GET', url: '/api/device/mirror/job', headers: mirrorDevice });
    expect(job.json()).toMatchObject({ mode: 'custom', prompt: 'um gato astronauta? 100%' });
    await text(`${guest}/restart/0`);
  });

  it('keeps a second guest out while one uses the mirror, and refuses an old QR code', async () => {
    expect((await text(`${guest}/start/0`)).body).toBe('start_ok');
    expect(await text('/api/espelho/mirror1/sessao001/agentB002/start/0')).toMatchObject({ status: 409 });
    expect(await text('/api/espelho/mirror1/velho0001/agentA001/start/0')).toMatchObject({ status: 409 });
    await text(`${guest}/restart/0`);
  });

  it('refuses unknown modes and prompts, unknown mirrors and odd input with 4xx', async () => {
    await text(`${guest}/start/0`);
    expect((await text(`${guest}/mode/Inexistente`)).status).toBe(404);
    await text(`${guest}/mode/Anime`);
    expect((await text(`${guest}/prompt/Pirata`)).status).toBe(404);
    expect((await text('/api/espelho/nada/sessao001/agentA001/start/0')).status).toBe(404);
    expect((await text('/api/espelho/cam1/sessao001/agentA001/start/0')).status).toBe(404);
    expect((await text(`/api/espelho/mirror1/sessao001/a%20b/start/0`)).status).toBe(400);
    expect((await text(`${guest}/prompt/${'x'.repeat(600)}`)).status).toBe(400);
    expect((await text(`${guest}/prompt/${encodeURIComponent('a\u0001b')}`)).status).toBe(400);
    await text(`${guest}/restart/0`);
  });
});

describe('the 360 platform', () => {
  it('configures, records (in_session) and delivers the video', async () => {
    expect(await text('/api/ultraStartConfig/ultra1/qr001/40/Vem_Tremer')).toEqual({ status: 200, body: 'success' });
    expect(await text('/api/ultraLast/ultra1/festa_ana')).toEqual({ status: 200, body: 'in_session' });
    const settings = await server.call({ method: 'GET', url: '/api/device/ultra/settings', headers: ultraDevice });
    expect(settings.json()).toEqual({ qrid: 'qr001', speed: 40, music: 'Vem_Tremer' });
    expect((await server.call({ method: 'GET', url: '/api/device/ultra/settings', headers: ultraDevice })).statusCode).toBe(204);
    expect((await text('/api/ultraLast/ultra1/festa_ana')).body).toBe('in_session');
    const video = await server.call({
      method: 'POST',
      url: '/api/device/ultra/video?file=giro-001.mp4',
      headers: { ...ultraDevice, 'content-type': 'video/mp4' },
      payload: mp4(),
    });
    expect(video.json()).toEqual({ url: '/media/festa_ana/360/giro-001.mp4' });
    const ready = await server.call({ method: 'GET', url: '/api/ultraLast/ultra1/festa_ana' });
    expect(ready.headers['content-type']).toMatch(/^application\/json/);
    expect(ready.json()).toEqual({ product: ['/media/festa_ana/360/giro-001.mp4'] });
    expect((await server.call({ method: 'GET', url: '/api/all/festa_ana/360' })).json().product).toContain('/media/festa_ana/360/giro-001.mp4');
  });

  it.each([
    ['/api/ultraStartConfig/ultra1/qr001/30/Vem_Tremer', 400],
    ['/api/ultraStartConfig/ultra1/qr001/40/Funk_Proibido', 400],
    ['/api/ultraStartConfig/cam1/qr001/40/Vem_Tremer', 404],
    ['/api/ultraStartConfig/ultra1/qr%2F..%2F1/40/Vem_Tremer', 400],
    ['/api/ultraLast/nada/festa_ana', 404],
    ['/api/ultraLast/ultra1/..', 404],
  ])('%s is %i', async (url, status) => {
    expect((await text(url)).status).toBe(status);
  });
});

describe('face capture', () => {
  it('stores a webcam capture', async () => {
    const image = `data:image/jpeg;base64,${(await jpeg()).toString('base64')}`;
    const response = await server.call({ method: 'POST', url: '/api/uploadFace/Ana%20Maria', payload: { poligram: image } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    const rows = await server.db.query('SELECT name FROM faces');
    expect(rows.rows).toEqual([{ name: 'Ana Maria' }]);
  });

  it.each([
    ['not a data URL', { poligram: 'hello' }],
    ['a script', { poligram: 'data:text/html;base64,PHNjcmlwdD4=' }],
    ['bytes that are not an image', { poligram: `data:image/png;base64,${Buffer.from('nope').toString('base64')}` }],
    ['no image', {}],
  ])('refuses %s with 4xx', async (_case, payload) => {
    const response = await server.call({ method: 'POST', url: '/api/uploadFace/Ana', payload });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
