import crypto from 'node:crypto';
import { loadBasicSeed } from './support/fixtures';
import { startTestServer, type TestServer } from './support/testServer';

// What the print route tells someone who holds no pack of an event about that event's files
//: nothing. The pack is checked, and allows the file's event, before the file is looked up.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await loadBasicSeed(server);
});

afterAll(() => server.close());

const media = (path: string) => encodeURIComponent(path);
/** A tap's own id, as the SPA sends with every print. */
const tap = () => `request=tap-${crypto.randomBytes(8).toString('hex')}`;

async function print(pack: string, path: string) {
  const response = await server.call({ method: 'GET', url: `/api/print/${pack}/${media(path)}?${tap()}` });
  return { status: response.statusCode, body: response.json() as unknown };
}

const copiesOf = async (hash: string) =>
  (await server.db.query<{ copies: number }>('SELECT copies FROM packs WHERE hash = $1', [hash])).rows[0].copies;
const jobsOf = async (hash: string) =>
  (await server.db.query('SELECT 1 FROM print_jobs WHERE pack_hash = $1', [hash])).rowCount;

describe('the print route and a pack that does not allow the file', () => {
  it('answers an unknown pack the same whether the file exists, is not a photo, or does not exist', async () => {
    const missing = await print('NOPACK', '/media/privada/pad/nada.jpg');
    expect(missing).toEqual({ status: 404, body: { error: 'pack_not_found', message: 'Pack não encontrado.' } });
    for (const path of [
      '/media/privada/pad/x1.jpg',
      '/media/festa_ana/360/v1.mp4',
      '/media/festa_ana/pad/a1.jpg',
      '/media/desconhecido/pad/y.jpg',
    ]) {
      expect({ path, ...(await print('NOPACK', path)) }).toEqual({ path, ...missing });
    }
  });

  it("answers another event's pack the same whether the private event's file exists or not", async () => {
    const missing = await print('PACK5', '/media/privada/pad/nada.jpg');
    expect(missing).toEqual({ status: 403, body: { error: 'wrong_event', message: 'Este pack é de outro evento.' } });
    expect(await print('PACK5', '/media/privada/pad/x1.jpg')).toEqual(missing);
    expect(await print('PACK5', '/media/desconhecido/pad/y.jpg')).toEqual(missing);
    expect(await copiesOf('PACK5')).toBe(5);
    expect(await jobsOf('PACK5')).toBe(0);
  });

  it("still tells a pack's holder about its own event's files", async () => {
    expect(await print('PACK5', '/media/festa_ana/pad/nada.jpg')).toEqual({
      status: 404,
      body: { error: 'media_not_found', message: 'Esta foto não existe.' },
    });
    expect((await print('PACK5', '/media/festa_ana/360/v1.mp4')).status).toBe(422);
    expect(await copiesOf('PACK5')).toBe(5);
  });
});

// A pack with no event is the company's own credit, not a party's: it prints what anyone may see,
// a public event's photos, and never a link-only or private one's (docs/api.md).
describe('a pack with no event', () => {
  const refused = {
    status: 403,
    body: {
      error: 'pack_without_event',
      message: 'Este pack não é de um evento: ele imprime só fotos de eventos públicos.',
    },
  };

  it("refuses a private event's photo, and answers the same for a file or an event that does not exist", async () => {
    expect(await print('PACKANY', '/media/privada/pad/x1.jpg')).toEqual(refused);
    expect(await print('PACKANY', '/media/privada/pad/nada.jpg')).toEqual(refused);
    expect(await print('PACKANY', '/media/desconhecido/pad/y.jpg')).toEqual(refused);
    expect(await copiesOf('PACKANY')).toBe(3);
    expect(await jobsOf('PACKANY')).toBe(0);
  });

  it("refuses a link-only event's photo and a suspended event's", async () => {
    await server.db.query("UPDATE events SET visibility = 'link' WHERE name = 'outra'");
    expect(await print('PACKANY', '/media/outra/pad/o1.jpg')).toEqual(refused);
    await server.db.query("UPDATE events SET visibility = 'public', suspended_at = now() WHERE name = 'outra'");
    expect(await print('PACKANY', '/media/outra/pad/o1.jpg')).toEqual(refused);
    await server.db.query("UPDATE events SET suspended_at = NULL WHERE name = 'outra'");
    expect(await copiesOf('PACKANY')).toBe(3);
  });

  it("prints a public event's photo", async () => {
    expect(await print('PACKANY', '/media/outra/pad/o1.jpg')).toEqual({
      status: 200,
      body: { status: 'queued', copies: 2 },
    });
  });
});
