import fs from 'node:fs';
import path from 'node:path';
import { loadBasicSeed } from './support/fixtures';
import { newUser, startTestServer, type TestServer } from './support/testServer';

/**
 * The company's images (the shop's products and accessories, the AI mirror's mode icons) are not
 * an event's: served to anyone at /catalogo/{file}, signed in or not, whatever any event's
 * visibility; nothing else is reachable through that prefix.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
});

afterAll(() => server.close());

it("serves the shop's and the mirror's images to anyone, signed out or in, with a day's cache", async () => {
  const user = await newUser('cliente');
  for (const token of [undefined, user.token]) {
    const product = await server.call({ method: 'GET', url: '/catalogo/produto-cabine.jpg', token });
    expect(product.statusCode).toBe(200);
    expect(product.headers['content-type']).toBe('image/jpeg');
    expect(product.headers['cache-control']).toBe('public, max-age=86400');
    expect(product.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  }
  expect((await server.call({ method: 'HEAD', url: '/catalogo/espelho-anime.png' })).statusCode).toBe(200);
});

it('names, in the shop and the mirror replies, images that are there', async () => {
  const shop = await server.call({ method: 'GET', url: '/api/shop/DEZ/agente0001' });
  const modes = await server.call({
    method: 'GET',
    url: '/api/espelho/mirror1/qualquer/agente0001/get_modes/0',
    headers: { cookie: server.visitorCookie('agente0001') },
  });
  const images = [
    (shop.json() as { data: Array<{ image?: string }> }).data[0].image,
    (modes.json() as Array<{ icon: string }>)[0].icon,
  ];
  expect(images).toEqual(['/catalogo/produto-cabine.jpg', '/catalogo/espelho-anime.png']);
  for (const image of images) expect((await server.call({ method: 'GET', url: image ?? '' })).statusCode).toBe(200);
});

it('reaches nothing else: unknown files, other folders, odd names and types', async () => {
  fs.writeFileSync(path.join(server.dataDir, 'segredo.txt'), 'não');
  for (const url of [
    '/catalogo/nada.jpg',
    '/catalogo/../segredo.txt',
    '/catalogo/%2e%2e/segredo.txt',
    '/catalogo/%2e%2e%2fsegredo.txt',
    '/catalogo/.escondido.jpg',
    '/catalogo/imagem.svg',
    '/catalogo/',
    '/catalogo/sub/produto-cabine.jpg',
  ]) {
    const response = await server.call({ method: 'GET', url });
    expect([url, response.statusCode]).toEqual([url, 404]);
    expect(response.payload).not.toContain('não');
  }
});
