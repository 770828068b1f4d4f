import { unzipSync } from 'fflate';
import { zipDisposition, zipEntries } from '../../server/src/http/zipDownload';
import { DEVICE_KEYS, jpeg, loadBasicSeed } from './support/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

/**
 * 'Baixar todas' (issue 27): a booth gallery's files in one ZIP, streamed from the store, to
 * whoever may see them, named after the event.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
  const camera = { 'x-device-id': 'cam1', 'x-device-key': DEVICE_KEYS.camera, 'content-type': 'image/jpeg' };
  for (const [file, colour] of [
    ['zip-01.jpg', '#6d28d9'],
    ['zip-02.jpg', '#f59e0b'],
  ] as const) {
    expect(
      (await server.call({ method: 'POST', url: `/api/device/media?file=${file}`, headers: camera, payload: await jpeg(300, 200, colour) })).statusCode,
    ).toBe(200);
  }
  await server.jobsDone();
});

afterAll(() => server.close());

describe("a booth gallery's ZIP", () => {
  it('holds exactly the files the gallery lists, byte for byte, newest first, named after the event', async () => {
    const response = await server.call({ method: 'GET', url: '/api/baixar/festa_ana/pad' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['cache-control']).toBe('no-store');
    const { product } = (await server.call({ method: 'GET', url: '/api/all/festa_ana/pad' })).json<{ product: string[] }>();
    expect(response.headers['content-disposition']).toBe(zipDisposition('Festa da Ana - Pad'));

    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const newestFirst = [...product].reverse();
    expect(Object.keys(entries)).toEqual(newestFirst.map((url) => url.split('/').pop()));
    for (const url of newestFirst) {
      const file = await server.call({ method: 'GET', url });
      expect({ url, same: Buffer.from(entries[url.split('/').pop() ?? '']).equals(file.rawPayload) }).toEqual({ url, same: true });
    }
  });

  it('is refused as the files are: a private event to a stranger as an unknown one, and a booth the event has not', async () => {
    expect((await server.call({ method: 'GET', url: '/api/baixar/privada/pad' })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/baixar/nao_existe/pad' })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/baixar/festa_ana/ultra' })).statusCode).toBeGreaterThanOrEqual(400);
  });
});

describe('the names inside a ZIP', () => {
  const ref = (bname: string, mode: 'pad' | 'feed', file: string) => ({ bname, mode, file });

  it("are the files' own, a name met again numbered before its extension, in a folder per event when asked", () => {
    const refs = [ref('festa_ana', 'pad', 'a.jpg'), ref('festa_ana', 'feed', 'a.jpg'), ref('festa_ana', 'feed', 'a.jpg'), ref('festa_bia', 'pad', 'a.jpg')];
    expect(zipEntries(refs).map((entry) => entry.name)).toEqual(['a.jpg', 'a (2).jpg', 'a (3).jpg', 'a (4).jpg']);
    expect(zipEntries(refs, { byEvent: true }).map((entry) => entry.name)).toEqual([
      'festa_ana/a.jpg',
      'festa_ana/a (2).jpg',
      'festa_ana/a (3).jpg',
      'festa_bia/a.jpg',
    ]);
  });

  it('give the download a name every browser reads, and the exact one where UTF-8 is understood', () => {
    expect(zipDisposition('Casamento de Júlia & João')).toBe(
      `attachment; filename="casamento-de-julia-joao.zip"; filename*=UTF-8''${encodeURIComponent('Casamento de Júlia & João.zip')}`,
    );
    expect(zipDisposition('✨')).toBe(`attachment; filename="fotos.zip"; filename*=UTF-8''${encodeURIComponent('✨.zip')}`);
  });
});
