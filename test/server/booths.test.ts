import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { DEVICE_KEYS, jpeg, loadBasicSeed, mp4 } from './support/fixtures';
import { newUser, startTestServer, type TestServer, type TestUser } from './support/testServer';

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
    headers: { cookie: 'agent=agenta001' },
  });
  expect(created.body).toBe('ok');
});

afterAll(() => server.close());

function device(id: string, key: string) {
  return { 'x-device-id': id, 'x-device-key': key };
}
const mirrorDevice = device('mirror1', DEVICE_KEYS.mirror);
const ultraDevice = device('ultra1', DEVICE_KEYS.ultra);

const collectionOf = async (user: TestUser) => (await server.call({ method: 'GET', url: '/api/account', token: user.token })).json().collection as string[];
const resultsOf = async (agent: string) => (await server.call({ method: 'GET', url: `/api/agentResults/${agent}` })).json() as { product: string[] };

const text = async (url: string) => {
  const response = await server.call({ method: 'GET', url });
  return { status: response.statusCode, body: response.body };
};

/** A guest's result is stored under a random name, never the one the device sent (issue 25). */
const RANDOM_NAME = (bname: string, mode: string, extension: string) => new RegExp(`^/media/${bname}/${mode}/[0-9a-f]{32}\\.${extension}$`);
const galleryOf = async (mode: string) => (await server.call({ method: 'GET', url: `/api/all/festa_ana/${mode}` })).json().product as string[];
/** The image the mirror made for agenta001. */
let mirrorImage = '';

describe('the AI mirror', () => {
  const guest = '/api/espelho/mirror1/sessao001/agenta001';

  beforeAll(async () => {
    const opened = await server.call({ method: 'POST', url: '/api/device/mirror/session', headers: mirrorDevice, payload: { sessionHash: 'sessao001' } });
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

    const job = await server.call({ method: 'GET', url: '/api/device/mirror/job', headers: mirrorDevice });
    expect(job.json()).toEqual({ mode: 'Anime', prompt: 'Samurai', agent: 'agenta001' });
    expect((await server.call({ method: 'GET', url: '/api/device/mirror/job', headers: mirrorDevice })).statusCode).toBe(204);
    expect(await text(`${guest}/get_last_image/0`)).toEqual({ status: 200, body: 'no_image' });

    const image = await server.call({
      method: 'POST',
      url: '/api/device/mirror/image?file=ia-001.jpg',
      headers: { ...mirrorDevice, 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    });
    mirrorImage = (image.json() as { url: string }).url;
    expect(mirrorImage).toMatch(RANDOM_NAME('festa_ana', 'feed', 'jpg'));
    expect(await text(`${guest}/get_last_image/0`)).toEqual({ status: 200, body: mirrorImage });
    // The guest's, not the event's: in no gallery, and not what the booth's deviceLast QR code gives.
    expect(await galleryOf('feed')).not.toContain(mirrorImage);
    expect((await server.call({ method: 'GET', url: '/api/deviceLast/festa_ana/mirror1' })).json()).toMatchObject({ product: [] });
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
    await server.call({ method: 'POST', url: '/api/device/mirror/session', headers: mirrorDevice, payload: { sessionHash: 'sessao002' } });
    const image = await server.call({
      method: 'POST',
      url: '/api/device/mirror/image?file=ia-sobra.jpg',
      headers: { ...mirrorDevice, 'content-type': 'image/jpeg' },
      payload: await jpeg(),
    });
    expect(image.statusCode).toBe(200);
    expect((await server.db.query('SELECT url FROM agent_results')).rows).toEqual([{ url: mirrorImage }]);
    await server.call({ method: 'POST', url: '/api/device/mirror/session', headers: mirrorDevice, payload: { sessionHash: 'sessao001' } });
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
    expect(await text('/api/espelho/mirror1/sessao001/agentb002/start/0')).toMatchObject({ status: 409 });
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
  const openQr = (qrid: string) => server.call({ method: 'POST', url: '/api/device/ultra/session', headers: ultraDevice, payload: { qrid } });
  const takeSettings = () => server.call({ method: 'GET', url: '/api/device/ultra/settings', headers: ultraDevice });
  /** The video the platform made for agenta001 first. */
  let firstVideo = '';
  const postVideo = (file: string) =>
    server.call({ method: 'POST', url: `/api/device/ultra/video?file=${file}`, headers: { ...ultraDevice, 'content-type': 'video/mp4' }, payload: mp4() });

  it('configures the QR code on screen, records (in_session) and delivers the video to the guest and their account', async () => {
    expect((await openQr('qrcode001')).json()).toEqual({ status: 'idle' });
    expect((await text('/api/ultraLast/ultra1/festa_ana?agent=agenta001')).body).not.toBe('in_session');
    expect(await text('/api/ultraStartConfig/ultra1/qrcode001/40/Vem_Tremer?agent=agenta001')).toEqual({ status: 200, body: 'success' });
    expect(await text('/api/ultraLast/ultra1/festa_ana?agent=agenta001')).toEqual({ status: 200, body: 'in_session' });
    expect((await takeSettings()).json()).toEqual({ qrid: 'qrcode001', speed: 40, music: 'Vem_Tremer' });
    expect((await takeSettings()).statusCode).toBe(204);
    expect((await text('/api/ultraLast/ultra1/festa_ana?agent=agenta001')).body).toBe('in_session');
    firstVideo = (await postVideo('giro-001.mp4')).json<{ url: string }>().url;
    expect(firstVideo).toMatch(RANDOM_NAME('festa_ana', '360', 'mp4'));
    const ready = await server.call({ method: 'GET', url: '/api/ultraLast/ultra1/festa_ana?agent=agenta001' });
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
    expect((await server.call({ method: 'GET', url: '/api/ultraLast/ultra1/festa_ana?agent=agenta001' })).json()).toEqual({
      product: [firstVideo],
    });
  });

  it('hands each visitor only their own session and video: another visitor, or a request without one, gets nothing of theirs', async () => {
    const last = async (agent?: string) => {
      const { status, body } = await text(`/api/ultraLast/ultra1/festa_ana${agent ? `?agent=${agent}` : ''}`);
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
    const stale = await server.call({ method: 'GET', url: '/api/ultraStartConfig/ultra1/qrcode002/40/Vem_Tremer?agent=agenta001' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ error: 'session_expired', message: 'Este QR code expirou. Escaneie o novo código da plataforma.' });
    expect((await text('/api/ultraStartConfig/ultra1/inventado/40/Vem_Tremer?agent=agenta001')).status).toBe(409);
    expect((await takeSettings()).statusCode).toBe(204);
  });

  it('keeps a second visitor out of a session another configured, and lets the first change the settings', async () => {
    await openQr('qrcode004');
    expect((await text('/api/ultraStartConfig/ultra1/qrcode004/20/Vem_Tremer?agent=agenta001')).body).toBe('success');
    const busy = await server.call({ method: 'GET', url: '/api/ultraStartConfig/ultra1/qrcode004/80/Eu_Fiz_um_Jet?agent=agentb002' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toEqual({ error: 'session_busy', message: 'A plataforma está em uso por outra pessoa.' });
    expect((await text('/api/ultraStartConfig/ultra1/qrcode004/80/Eu_Fiz_um_Jet')).status).toBe(409);
    expect((await text('/api/ultraStartConfig/ultra1/qrcode004/60/Vem_Tremer?agent=agenta001')).body).toBe('success');
    expect((await takeSettings()).json()).toEqual({ qrid: 'qrcode004', speed: 60, music: 'Vem_Tremer' });
    // Recording: still the first visitor's, and theirs to change.
    expect((await text('/api/ultraStartConfig/ultra1/qrcode004/80/Vem_Tremer?agent=agentb002')).status).toBe(409);
    const video = (await postVideo('giro-002.mp4')).json<{ url: string }>().url;
    // The video is made: this QR code is spent for anybody else.
    expect((await text('/api/ultraStartConfig/ultra1/qrcode004/80/Vem_Tremer?agent=agentb002')).status).toBe(409);
    expect((await resultsOf('agentb002')).product).toEqual([]);
    expect((await resultsOf('agenta001')).product).toContain(video);
  });

  it('lets a visitor start on a fresh QR code, and records nothing for a session without an agent', async () => {
    await openQr('qrcode005');
    expect((await text('/api/ultraStartConfig/ultra1/qrcode005/20/Vem_Tremer')).body).toBe('success');
    await takeSettings();
    const video = (await postVideo('giro-003.mp4')).json<{ url: string }>().url;
    expect(video).toMatch(RANDOM_NAME('festa_ana', '360', 'mp4'));
    expect((await server.db.query('SELECT count(*)::int AS n FROM agent_results WHERE url = $1', [video])).rows[0].n).toBe(0);
  });

  it.each([
    ['/api/ultraStartConfig/ultra1/qrcode005/30/Vem_Tremer', 400],
    ['/api/ultraStartConfig/ultra1/qrcode005/40/Funk_Proibido', 400],
    ['/api/ultraStartConfig/cam1/qrcode005/40/Vem_Tremer', 404],
    ['/api/ultraStartConfig/ultra1/qr%2F..%2F1/40/Vem_Tremer', 400],
    ['/api/ultraStartConfig/ultra1/qrcode005/40/Vem_Tremer?agent=a%20b', 400],
    ['/api/ultraStartConfig/ultra1/qrcode005/40/Vem_Tremer?agent=ok1&outro=1', 400],
    ['/api/ultraLast/nada/festa_ana', 404],
    ['/api/ultraLast/ultra1/..', 404],
    ['/api/ultraLast/ultra1/festa_ana?agent=a%20b', 400],
    ['/api/ultraLast/ultra1/festa_ana?agent=agenta001&outro=1', 400],
    ['/api/agentResults/a%20b', 400],
  ])('%s is %i', async (url, status) => {
    expect((await text(url)).status).toBe(status);
  });

  it('takes a QR code from the platform only, in the session key format', async () => {
    expect((await server.call({ method: 'POST', url: '/api/device/ultra/session', headers: mirrorDevice, payload: { qrid: 'qrcode009' } })).statusCode).toBe(
      403,
    );
    expect((await server.call({ method: 'POST', url: '/api/device/ultra/session', payload: { qrid: 'qrcode009' } })).statusCode).toBe(401);
    expect((await openQr('x/../y')).statusCode).toBe(400);
    expect((await openQr('abc')).statusCode).toBe(400);
  });
});

/** A PNG of a header only: it claims `width`×`height` but carries (almost) no pixels. */
function pngClaiming(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (bytes: Buffer) => {
    let crc = 0xffffffff;
    for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
    return (crc ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(16))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('face capture', () => {
  let address = 0;
  /** Each test from its own address, so that only the limit a test is about can be reached. */
  /** From the visitor's own browser: its agent cookie names the agent the server vouches for. */
  const uploadFace = (agent: string, payload: object, remoteAddress = `10.0.0.${address}`) =>
    server.call({ method: 'POST', url: `/api/uploadFace/${agent}`, payload, remoteAddress, headers: { cookie: `agent=${agent}` } });
  const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;
  const facesOf = async (agent: string) =>
    (await server.db.query<{ file: string }>('SELECT file FROM faces WHERE name = $1 ORDER BY id', [agent])).rows.map((row) => row.file);

  beforeEach(() => {
    address += 1;
  });

  it("stores a webcam capture as a JPEG under the guest's agent", async () => {
    const response = await uploadFace('agentf001', { poligram: dataUrl(await jpeg()) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    const [file] = await facesOf('agentf001');
    expect(file).toMatch(/^agentf001\/[0-9]+-[0-9a-f]{12}\.jpg$/);
    const stored = path.join(server.dataDir, 'faces', file);
    expect((await sharp(stored).metadata()).format).toBe('jpeg');
    // A person's face: the server's user alone reads the file and opens its folders.
    const modes = [stored, path.dirname(stored), path.join(server.dataDir, 'faces')].map((p) => (fs.statSync(p).mode & 0o777).toString(8));
    expect(modes).toEqual(['600', '700', '700']);
  });

  it('keeps a big capture at most 1024 px on its longest side', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#ccc' } })
      .jpeg()
      .toBuffer();
    expect((await uploadFace('agentf020', { poligram: dataUrl(big) })).statusCode).toBe(200);
    const [file] = await facesOf('agentf020');
    const { width, height } = await sharp(path.join(server.dataDir, 'faces', file)).metadata();
    expect([width, height]).toEqual([1024, 683]);
  });

  it('takes PNG and WebP too', async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    expect((await uploadFace('agentf002', { poligram: dataUrl(png, 'image/png') })).statusCode).toBe(200);
    expect((await uploadFace('agentf002', { poligram: dataUrl(webp, 'image/webp') })).statusCode).toBe(200);
    expect(await facesOf('agentf002')).toHaveLength(2);
  });

  it('refuses a name that is not an agent id', async () => {
    expect((await uploadFace('Ana%20Maria', { poligram: dataUrl(await jpeg()) })).statusCode).toBe(400);
    expect((await uploadFace('..%2F..%2Fetc', { poligram: dataUrl(await jpeg()) })).statusCode).toBe(400);
    expect((await server.db.query('SELECT count(*)::int AS n FROM faces WHERE name NOT LIKE $1', ['agent%'])).rows[0].n).toBe(0);
  });

  it('refuses a file over 5 MB with 413, before decoding it', async () => {
    // A valid JPEG header followed by 5 MB of padding: over the limit whatever it decodes to.
    const big = Buffer.concat([await jpeg(), Buffer.alloc(5 * 1024 * 1024)]);
    const response = await uploadFace('agentf003', { poligram: dataUrl(big) });
    // Status and body together, so that a failure says which refusal (or error) came instead.
    expect({ status: response.statusCode, body: response.json() as unknown }).toEqual({
      status: 413,
      body: { error: 'face_too_large', message: 'A foto passa de 5 MB. Envie uma foto menor.' },
    });
    expect(await facesOf('agentf003')).toEqual([]);
  });

  it('refuses a body far over the limit with 413 in Portuguese', async () => {
    const response = await uploadFace('agentf003', { poligram: `data:image/jpeg;base64,${'A'.repeat(8 * 1024 * 1024)}` });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('O envio é grande demais.');
  });

  it('refuses an image whose header claims more than 4096×4096 pixels, without decoding it', async () => {
    const response = await uploadFace('agentf004', { poligram: dataUrl(pngClaiming(10_000, 10_000), 'image/png') });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'face_too_many_pixels', message: 'A foto passa de 4096×4096 pixels. Envie uma foto menor.' });
    expect((await uploadFace('agentf004', { poligram: dataUrl(pngClaiming(5000, 10), 'image/png') })).statusCode).toBe(413);
    expect(await facesOf('agentf004')).toEqual([]);
  });

  it('takes an image of exactly 4096 pixels on a side', async () => {
    const tall = await sharp({ create: { width: 8, height: 4096, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await uploadFace('agentf005', { poligram: dataUrl(tall, 'image/png') })).statusCode).toBe(200);
  });

  it.each([
    ['not a data URL', { poligram: 'hello' }, 400],
    ['a script', { poligram: 'data:text/html;base64,PHNjcmlwdD4=' }, 400],
    ['a GIF data URL', { poligram: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, 400],
    ['an SVG data URL', { poligram: `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}` }, 400],
    ['bytes that are not an image', { poligram: `data:image/png;base64,${Buffer.from('nope').toString('base64')}` }, 422],
    ['no image', {}, 400],
  ])('refuses %s', async (_case, payload, status) => {
    const response = await uploadFace('agentf006', payload);
    expect(response.statusCode).toBe(status);
    expect(typeof response.json().message).toBe('string');
  });

  it('refuses a GIF that says it is a JPEG', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const response = await uploadFace('agentf006', { poligram: dataUrl(gif, 'image/jpeg') });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: 'unsupported_image', message: 'Envie uma foto JPEG, PNG ou WebP.' });
    expect(await facesOf('agentf006')).toEqual([]);
  });

  it('keeps the newest 5 faces of a visitor, deleting the files of the older ones', async () => {
    for (let n = 0; n < 7; n++) {
      expect((await uploadFace('agentf007', { poligram: dataUrl(await jpeg(16 + n, 16)) })).statusCode).toBe(200);
    }
    const files = await facesOf('agentf007');
    expect(files).toHaveLength(5);
    const onDisk = fs.readdirSync(path.join(server.dataDir, 'faces', 'agentf007')).sort();
    expect(onDisk).toEqual(files.map((file) => path.basename(file)).sort());
    const widths = await Promise.all(files.map(async (file) => (await sharp(path.join(server.dataDir, 'faces', file)).metadata()).width));
    expect(widths).toEqual([18, 19, 20, 21, 22]);
  });

  it("deletes a visitor's faces, rows and files, and nobody else's", async () => {
    await uploadFace('agentf008', { poligram: dataUrl(await jpeg()) });
    await uploadFace('agentf009', { poligram: dataUrl(await jpeg()) });
    const response = await server.call({ method: 'DELETE', url: '/api/faces/agentf008' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    expect(await facesOf('agentf008')).toEqual([]);
    expect(fs.existsSync(path.join(server.dataDir, 'faces', 'agentf008'))).toBe(false);
    expect(await facesOf('agentf009')).toHaveLength(1);
    expect(fs.readdirSync(path.join(server.dataDir, 'faces', 'agentf009'))).toHaveLength(1);
    expect((await server.call({ method: 'DELETE', url: '/api/faces/agentf008' })).body).toBe('ok');
    expect((await server.call({ method: 'DELETE', url: '/api/faces/..%2Fmedia' })).statusCode).toBe(400);
  });

  it('answers 429 in Portuguese after 10 uploads of a visitor in a minute, and counts each visitor apart', async () => {
    const image = { poligram: dataUrl(await jpeg()) };
    for (let n = 0; n < 10; n++) expect((await uploadFace('agentf010', image)).statusCode).toBe(200);
    const refused = await uploadFace('agentf010', image);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'too_many_uploads', message: 'Muitas fotos enviadas em pouco tempo. Espere um minuto e tente de novo.' });
    expect(refused.headers['retry-after']).toBe('60');
    // From another address too: the limit is the visitor's.
    expect((await uploadFace('agentf010', image, '10.9.9.9')).statusCode).toBe(429);
    expect((await uploadFace('agentf011', image)).statusCode).toBe(200);
  });

  it('answers 429 after 60 uploads from one address in a minute, whatever the agents', async () => {
    const image = { poligram: dataUrl(await jpeg(8, 8)) };
    for (let n = 0; n < 60; n++) expect((await uploadFace(`agentr${String(n).padStart(3, '0')}`, image, '10.8.8.8')).statusCode).toBe(200);
    expect((await uploadFace('agentr999', image, '10.8.8.8')).statusCode).toBe(429);
    expect((await uploadFace('agentr999', image, '10.8.8.9')).statusCode).toBe(200);
  });
});
