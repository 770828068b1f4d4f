import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { claimedPng, jpeg, loadBasicSeed } from './support/fixtures';
import { dataUrl, photoWithFaces } from '../support/faceSelfies';
import { PhotoFailed } from '../../server/src/modules/faces/model/faceEngine';
import { RATE_LIMITS, VENUE_PHONES } from '../../server/src/platform/http/rateLimits';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * `POST /uploadFace/{agent}` as an upload (face search made it the selfie of 'Encontre minhas
 * fotos'; its search: faceSearch.test.ts): what it takes, what it refuses before decoding a
 * pixel, that it never stores the image, and its limits per visitor and per address.
 */
let server: TestServer;

beforeAll(async () => {
  // The limits as production has them: they are part of what is tested here.
  server = await startTestServer({}, { rateLimits: { scale: 1 } });
  await loadBasicSeed(server);
});

afterAll(() => server.close());

describe('face capture', () => {
  let address = 0;
  /** Each test from its own address, so that only the limit a test is about can be reached. */
  /** From the visitor's own browser: its agent cookie names the agent the server vouches for. */
  const uploadFace = (agent: string, payload: object, remoteAddress = `10.0.0.${address}`) =>
    server.call({
      method: 'POST',
      url: `/api/uploadFace/${agent}`,
      payload: { consentimento: true, ...payload },
      remoteAddress,
      headers: { cookie: server.visitorCookie(agent) },
    });
  /** What is kept of a visitor's upload: face images (there must be none) and the selfie's descriptor. */
  const keptOf = async (agent: string) => ({
    images: (await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM faces WHERE name = $1', [agent]))
      .rows[0].n,
    selfies: (
      await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM face_selfies WHERE agent = $1', [agent])
    ).rows[0].n,
  });
  const noFace = {
    error: 'no_face',
    message:
      'Não encontramos um rosto na foto. Tente com o rosto bem iluminado, sem óculos escuros, de frente para a câmera.',
  };

  beforeEach(() => {
    address += 1;
  });

  it("keeps a capture's face as a descriptor only: no image is written, to the disk or the database", async () => {
    const response = await uploadFace('agentf001', { poligram: await photoWithFaces() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ selfie: true, hidden: false, found: [], searched: [], unavailable: [] });
    expect(await keptOf('agentf001')).toEqual({ images: 0, selfies: 1 });
    expect(fs.existsSync(path.join(server.dataDir, 'faces'))).toBe(false);
    // A second selfie replaces the first: a visitor has one at a time.
    expect((await uploadFace('agentf001', { poligram: await photoWithFaces({ width: 800 }) })).statusCode).toBe(200);
    expect(await keptOf('agentf001')).toEqual({ images: 0, selfies: 1 });
  });

  it('says kindly, with tips, that no face was found in a picture without one, and keeps nothing', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#ccc' } })
      .jpeg()
      .toBuffer();
    const response = await uploadFace('agentf020', { poligram: dataUrl(big) });
    expect({ status: response.statusCode, body: response.json() as unknown }).toEqual({ status: 422, body: noFace });
    expect(await keptOf('agentf020')).toEqual({ images: 0, selfies: 0 });
  });

  it("refuses a capture without the guest's consent ('Concordo'), and keeps nothing", async () => {
    for (const consentimento of [undefined, false, 'sim']) {
      const response = await server.call({
        method: 'POST',
        url: '/api/uploadFace/agentf030',
        payload: { poligram: await photoWithFaces(), ...(consentimento === undefined ? {} : { consentimento }) },
        remoteAddress: `10.0.3.${address}`,
        headers: { cookie: server.visitorCookie('agentf030') },
      });
      expect(response.statusCode).toBe(400);
    }
    expect(await keptOf('agentf030')).toEqual({ images: 0, selfies: 0 });
  });

  it('takes PNG and WebP too', async () => {
    expect((await uploadFace('agentf002', { poligram: await photoWithFaces({ format: 'png' }) })).json()).toMatchObject(
      { selfie: true },
    );
    expect(
      (await uploadFace('agentf002', { poligram: await photoWithFaces({ format: 'webp' }) })).json(),
    ).toMatchObject({ selfie: true });
  });

  it('refuses a name that is not an agent id', async () => {
    expect((await uploadFace('Ana%20Maria', { poligram: dataUrl(await jpeg()) })).statusCode).toBe(400);
    expect((await uploadFace('..%2F..%2Fetc', { poligram: dataUrl(await jpeg()) })).statusCode).toBe(400);
    expect(
      (await server.db.query('SELECT count(*)::int AS n FROM face_selfies WHERE agent NOT LIKE $1', ['agent%'])).rows[0]
        .n,
    ).toBe(0);
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
    expect(await keptOf('agentf003')).toEqual({ images: 0, selfies: 0 });
  });

  it('refuses a body far over the limit with 413 in Portuguese', async () => {
    const response = await uploadFace('agentf003', {
      poligram: `data:image/jpeg;base64,${'A'.repeat(8 * 1024 * 1024)}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('O envio é grande demais.');
  });

  it('refuses an image whose header claims more than 4096×4096 pixels, without decoding it', async () => {
    const response = await uploadFace('agentf004', { poligram: dataUrl(claimedPng(10_000, 10_000), 'image/png') });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      error: 'face_too_many_pixels',
      message: 'A foto passa de 4096×4096 pixels. Envie uma foto menor.',
    });
    expect((await uploadFace('agentf004', { poligram: dataUrl(claimedPng(5000, 10), 'image/png') })).statusCode).toBe(
      413,
    );
    expect(await keptOf('agentf004')).toEqual({ images: 0, selfies: 0 });
  });

  it('takes an image of exactly 4096 pixels on a side: it is looked at (and has no face)', async () => {
    const tall = await sharp({ create: { width: 8, height: 4096, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await uploadFace('agentf005', { poligram: dataUrl(tall, 'image/png') })).json()).toEqual(noFace);
  });

  it.each([
    ['not a data URL', { poligram: 'hello' }, 400],
    ['a script', { poligram: 'data:text/html;base64,PHNjcmlwdD4=' }, 400],
    ['a GIF data URL', { poligram: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }, 400],
    ['an SVG data URL', { poligram: `data:image/svg+xml;base64,${Buffer.from('<svg/>').toString('base64')}` }, 400],
    [
      'bytes that are not an image',
      { poligram: `data:image/png;base64,${Buffer.from('nope').toString('base64')}` },
      422,
    ],
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
    expect(await keptOf('agentf006')).toEqual({ images: 0, selfies: 0 });
  });

  it(`'Apagar minhas fotos' deletes the visitor's selfie at once, and nobody else's; only from the visitor's own \
browser`, async () => {
    await uploadFace('agentf008', { poligram: await photoWithFaces() });
    await uploadFace('agentf009', { poligram: await photoWithFaces() });
    // A face capture kept before face search (its file and row) goes too.
    await server.db.query("INSERT INTO faces (name, file, bytes) VALUES ('agentf008', 'agentf008/antiga.jpg', 3)");
    fs.mkdirSync(path.join(server.dataDir, 'faces', 'agentf008'), { recursive: true });
    fs.writeFileSync(path.join(server.dataDir, 'faces', 'agentf008', 'antiga.jpg'), 'old');
    const stranger = await server.call({
      method: 'DELETE',
      url: '/api/faces/agentf008',
      headers: { cookie: server.visitorCookie('agentf009') },
    });
    expect(stranger.statusCode).toBe(403);
    expect(await keptOf('agentf008')).toEqual({ images: 1, selfies: 1 });

    const response = await server.call({
      method: 'DELETE',
      url: '/api/faces/agentf008',
      headers: { cookie: server.visitorCookie('agentf008') },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('ok');
    expect(await keptOf('agentf008')).toEqual({ images: 0, selfies: 0 });
    expect(fs.existsSync(path.join(server.dataDir, 'faces', 'agentf008'))).toBe(false);
    expect(await keptOf('agentf009')).toEqual({ images: 0, selfies: 1 });
    expect(
      (
        await server.call({
          method: 'DELETE',
          url: '/api/faces/agentf008',
          headers: { cookie: server.visitorCookie('agentf008') },
        })
      ).body,
    ).toBe('ok');
    expect((await server.call({ method: 'DELETE', url: '/api/faces/..%2Fmedia' })).statusCode).toBe(400);
  });

  it('answers 429 in Portuguese after 10 uploads of a visitor in a minute, and counts each visitor apart', async () => {
    // Every upload counts before its body is read, even one the checks then refuse (none costs a second of the model).
    const image = { poligram: 'not an image' };
    for (let n = 0; n < 10; n++) expect((await uploadFace('agentf010', image)).statusCode).toBe(400);
    const refused = await uploadFace('agentf010', image);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'too_many_uploads',
      message: 'Muitas fotos enviadas em pouco tempo. Espere um minuto e tente de novo.',
    });
    expect(refused.headers['retry-after']).toBe('60');
    // From another address too: the limit is the visitor's.
    expect((await uploadFace('agentf010', image, '10.9.9.9')).statusCode).toBe(429);
    expect((await uploadFace('agentf011', image)).statusCode).toBe(400);
  });

  it("answers 429 past a venue's worth of uploads from one address in a minute, whatever the visitors", async () => {
    const image = { poligram: 'not an image' };
    const ceiling = RATE_LIMITS.uploadFace.perAddress;
    expect(ceiling).toBeGreaterThanOrEqual(VENUE_PHONES);
    const answers = new Map<number, number>();
    for (let n = 0; n < ceiling; n++) {
      const { statusCode } = await uploadFace(`agentr${String(n).padStart(4, '0')}`, image, '10.8.8.8');
      answers.set(statusCode, (answers.get(statusCode) ?? 0) + 1);
    }
    expect(Object.fromEntries(answers)).toEqual({ 400: ceiling });
    expect((await uploadFace('agentr9999', image, '10.8.8.8')).statusCode).toBe(429);
    expect((await uploadFace('agentr9999', image, '10.8.8.9')).statusCode).toBe(400);
  });
});

describe('when the face model fails', () => {
  let failing: TestServer;
  let failure: Error = new Error('the face engine is closed');
  beforeAll(async () => {
    failing = await startTestServer(
      {},
      {
        faceEngine: () => ({ closed: false, findFaces: () => Promise.reject(failure), close: () => Promise.resolve() }),
      },
    );
  });
  afterAll(() => failing.close());

  const send = () =>
    failing.call({
      method: 'POST',
      url: '/api/uploadFace/agentf040',
      payload: { poligram: dataUrl(Buffer.from('ffd8ffe0', 'hex')), consentimento: true },
      headers: { cookie: failing.visitorCookie('agentf040') },
    });

  it(`a photo it could not read is the guest's to retake (422); a model that is not there is the server's (503, try \
again later); nothing is kept`, async () => {
    const photo = await jpeg();
    const upload = () =>
      failing.call({
        method: 'POST',
        url: '/api/uploadFace/agentf040',
        payload: { poligram: dataUrl(photo), consentimento: true },
        headers: { cookie: failing.visitorCookie('agentf040') },
      });
    failure = new PhotoFailed('out of memory on this photo');
    const unread = await upload();
    expect({ status: unread.statusCode, body: unread.json() as unknown }).toEqual({
      status: 422,
      body: { error: 'invalid_image', message: 'Não conseguimos ler a foto. Tente tirar outra.' },
    });
    failure = new Error('the face engine is closed');
    const missing = await upload();
    expect(missing.statusCode).toBe(503);
    expect(missing.headers['retry-after']).toBe('60');
    expect(missing.json()).toEqual({
      error: 'face_search_unavailable',
      message: 'A busca por rosto está indisponível agora. Tente de novo em alguns minutos.',
    });
    expect((await failing.db.query('SELECT count(*)::int AS n FROM face_selfies')).rows[0].n).toBe(0);
    // Bytes no decoder reads are refused before the model is asked.
    expect((await send()).statusCode).toBe(422);
  });
});
