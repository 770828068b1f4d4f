import { unzipSync } from 'fflate';
import { siteOrigin } from '../../server/src/platform/config';
import { backTo } from '../../server/src/modules/gallery/http/downloadRefusalPage';
import { zipDisposition, zipEntries } from '../../server/src/modules/media/http/zipDownload';
import { attend, collectLinkOf, DEVICE_KEYS, jpeg, loadBasicSeed } from './support/fixtures';
import { startTestServer, type TestServer } from './support/testServer';
import { DEVICE_PATHS } from '../../contract/devicePaths';
import type { EventName } from '../../contract/names';

/**
 * 'Baixar todas': a booth gallery's files in one ZIP, streamed from the store, to
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
      (
        await server.call({
          method: 'POST',
          url: `${DEVICE_PATHS.media}?file=${file}`,
          headers: camera,
          payload: await jpeg(300, 200, colour),
        })
      ).statusCode,
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
    const { product } = (await server.call({ method: 'GET', url: '/api/all/festa_ana/pad' })).json<{
      product: string[];
    }>();
    expect(response.headers['content-disposition']).toBe(zipDisposition('Festa da Ana - Pad'));

    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const newestFirst = [...product].reverse();
    expect(Object.keys(entries)).toEqual(newestFirst.map((url) => url.split('/').pop()));
    for (const url of newestFirst) {
      const file = await server.call({ method: 'GET', url });
      expect({ url, same: Buffer.from(entries[url.split('/').pop() ?? '']).equals(file.rawPayload) }).toEqual({
        url,
        same: true,
      });
    }
  });

  it(`is refused as the files are: a private event to a stranger as an unknown one, and a booth the event has \
not`, async () => {
    expect((await server.call({ method: 'GET', url: '/api/baixar/privada/pad' })).statusCode).toBe(404);
    expect((await server.call({ method: 'GET', url: '/api/baixar/nao_existe/pad' })).statusCode).toBe(404);
    expect(
      (await server.call({ method: 'GET', url: '/api/baixar/festa_ana/ultra' })).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });
});

describe("'Minha Coleção' as a ZIP", () => {
  const post = (items: string[], cookie?: string) =>
    server.call({
      method: 'POST',
      url: '/api/baixar/colecao',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
      payload: new URLSearchParams(items.map((item): [string, string] => ['itens', item])).toString(),
    });
  const fileOf = async (url: string) => (await server.call({ method: 'GET', url })).rawPayload;

  it(`holds exactly the collection's files the visitor may open, byte for byte, in its order, named after its \
event`, async () => {
    const items = [
      '/media/festa_ana/pad/zip-02.jpg',
      '/media/festa_ana/polaroid/p1.jpg',
      '/media/festa_ana/pad/a1.jpg',
    ];
    const response = await post([...items, items[0]]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe(zipDisposition('Festa da Ana'));
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(entries)).toEqual(['zip-02.jpg', 'p1.jpg', 'a1.jpg']);
    for (const url of items)
      expect(Buffer.from(entries[url.split('/').pop() ?? '']).equals(await fileOf(url))).toBe(true);
  });

  it(`leaves out what the visitor may not open, files erased since and what is no media; several events go in a folder \
each`, async () => {
    const secret = await collectLinkOf(server, 'privada');
    const response = await post([
      '/media/festa_ana/pad/a1.jpg',
      secret,
      '/media/festa_ana/pad/apagada.jpg',
      '../../etc/passwd',
      '/media/outra/pad/o1.jpg',
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(zipDisposition('Minha Coleção'));
    expect(Object.keys(unzipSync(new Uint8Array(response.rawPayload)))).toEqual(['festa_ana/a1.jpg', 'outra/o1.jpg']);
  });

  it("takes a link-only event's file by its collect link, and a private one's only for a guest signed in", async () => {
    await server.db.query("UPDATE events SET visibility = 'link' WHERE name = 'privada'");
    try {
      const secret = await collectLinkOf(server, 'privada');
      await attend(server, 'privada', 'agentecolecao001');
      const mine = await post([secret], server.visitorCookie('agentecolecao001'));
      expect(mine.statusCode).toBe(200);
      expect(
        Buffer.from(Object.values(unzipSync(new Uint8Array(mine.rawPayload)))[0]).equals(await fileOf(secret)),
      ).toBe(true);
    } finally {
      await server.db.query("UPDATE events SET visibility = 'private' WHERE name = 'privada'");
    }
    // Private again: the same guest's browser, signed out, gets nothing of it (the gate asks for a login).
    expect(
      (await post([await collectLinkOf(server, 'privada')], server.visitorCookie('agentecolecao001'))).statusCode,
    ).toBe(400);
  });

  it('refuses, changing nothing, a form with nothing to download or far too many items', async () => {
    const none = await post(['/media/festa_ana/pad/nao-existe.jpg']);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({
      error: 'nothing_to_download',
      message: 'Nenhuma foto da sua coleção pode ser baixada agora.',
    });
    expect((await post(Array.from({ length: 2_001 }, (_, i) => `/media/festa_ana/pad/f${i}.jpg`))).statusCode).toBe(
      400,
    );
    const notForm = await server.call({
      method: 'POST',
      url: '/api/baixar/colecao',
      headers: { 'content-type': 'text/plain' },
      payload: 'itens=x',
    });
    expect(notForm.statusCode).toBe(400);
    expect(notForm.json<{ message: string }>().message).toEqual(expect.any(String));
  });

  it(`shows the browser that followed it a page in Portuguese, not JSON, when it refuses, with the way \
back`, async () => {
    const site = new URL(siteOrigin(server.config)).origin;
    const page = await server.call({
      method: 'POST',
      url: '/api/baixar/colecao',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
        referer: `${site}/collection?x=<b>`,
      },
      payload: 'itens=%2Fmedia%2Ffesta_ana%2Fpad%2Fnao-existe.jpg',
    });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="pt-BR">');
    expect(page.body).toContain('<p>Nenhuma foto da sua coleção pode ser baixada agora.</p>');
    expect(page.body).toContain(`<a href="${site}/collection?x=%3Cb%3E">Voltar</a>`);
    // A page of another site is no way back: a gallery's refusal leads to the events.
    const gallery = await server.call({
      method: 'GET',
      url: '/api/baixar/privada/pad',
      headers: { accept: 'text/html', referer: 'https://outro.example/' },
    });
    expect(gallery.statusCode).toBe(404);
    expect(gallery.body).toContain(`<a href="${site}/eventos">Voltar</a>`);
    expect(gallery.body).not.toContain('"error"');
  });

  it('leads back only to a page of the site, whatever the Referer says', () => {
    expect(backTo('https://cabine.example//evil.example/x', 'https://cabine.example', '/collection')).toBe(
      'https://cabine.example//evil.example/x',
    );
    expect(backTo('https://evil.example/collection', 'https://cabine.example', '/collection')).toBe(
      'https://cabine.example/collection',
    );
    expect(backTo('javascript:alert(1)', 'https://cabine.example', '/eventos')).toBe('https://cabine.example/eventos');
    expect(backTo(undefined, 'https://cabine.example/', '/eventos')).toBe('https://cabine.example/eventos');
  });
});

describe('the names inside a ZIP', () => {
  const ref = (eventName: EventName, mode: 'pad' | 'feed', file: string) => ({ eventName, mode, file });

  it("are the files' own, a name met again numbered before its extension, in a folder per event when asked", () => {
    const refs = [
      ref('festa_ana', 'pad', 'a.jpg'),
      ref('festa_ana', 'feed', 'a.jpg'),
      ref('festa_ana', 'feed', 'a.jpg'),
      ref('festa_bia', 'pad', 'a.jpg'),
    ];
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
      `attachment; filename="casamento-de-julia-joao.zip"; filename*=UTF-8''` +
        `${encodeURIComponent('Casamento de Júlia & João.zip')}`,
    );
    expect(zipDisposition('✨')).toBe(
      `attachment; filename="fotos.zip"; filename*=UTF-8''${encodeURIComponent('✨.zip')}`,
    );
  });
});
