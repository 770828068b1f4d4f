import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

const photo = (name: string) => `/media/festa_ana/pad/${name}.jpg`;
const NOT_FOUND = { error: 'event_not_found', message: 'Evento não encontrado.' };

/**
 * The wall's list on the fake server (newest first, as the server sends it), what it was asked
 * with, and how it answers; and its night (GET /telao/{publicId}/noite), the same photos oldest
 * first, in pages of `page`.
 */
function serveWall(names: string[], { publicId = 'festa-ana-1', page = 30 } = {}) {
  const wall = {
    product: names.map(photo),
    codes: {} as Record<string, string>,
    asked: [] as { key: string | null; token: string | null }[],
    nights: [] as (string | null)[],
    answer: 'list' as 'list' | 'down' | 'gone',
  };
  network.use(
    http.get(`${API}/telao/${publicId}`, ({ request }) => {
      wall.asked.push({ key: new URL(request.url).searchParams.get('chave'), token: request.headers.get('idToken') });
      if (wall.answer === 'down') return HttpResponse.error();
      if (wall.answer === 'gone') return HttpResponse.json(NOT_FOUND, { status: 404 });
      // Its version in its ETag, as the server says it (contract/galleryVersion.ts).
      return HttpResponse.json(
        {
          bname: 'festa_ana',
          displayTitle: 'Festa da Ana',
          cover: '/media/festa_ana/capa.jpg',
          product: [...wall.product],
          codes: wall.codes,
        },
        { headers: { ETag: `W/"g1-v${wall.product.length}"` } },
      );
    }),
    http.get(`${API}/telao/${publicId}/noite`, ({ request }) => {
      const after = new URL(request.url).searchParams.get('depois');
      wall.nights.push(after);
      if (wall.answer === 'down') return HttpResponse.error();
      if (wall.answer === 'gone') return HttpResponse.json(NOT_FOUND, { status: 404 });
      const oldestFirst = [...wall.product].reverse();
      const start = after === null ? 0 : Number(after) + 1;
      const product = oldestFirst.slice(start, start + page);
      const end = start + product.length;
      return HttpResponse.json({ product, codes: wall.codes, next: end < oldestFirst.length ? String(end - 1) : null });
    }),
  );
  return wall;
}

/** The wall's stream on the fake server: `say` sends a version, as an upload makes the server do. */
function serveWallStream() {
  const encoder = new TextEncoder();
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  network.use(
    http.get(`${API}/telao/festa-ana-1/ao-vivo`, () => {
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
    }),
  );
  return {
    get opened() {
      return streams.length;
    },
    say: (event: string, data: unknown) =>
      streams.at(-1)?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
  };
}

const noStream = () =>
  network.use(http.get(`${API}/telao/:publicId/ao-vivo`, () => HttpResponse.json(NOT_FOUND, { status: 503 })));
const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
// By its alt text: a role query weighs every element's styles, and the wall's tests ask after every slide.
const onScreen = () => screen.getByAltText('Foto de Festa da Ana').getAttribute('src');

describe('the live wall', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it(`shows the event's title, cover and newest photo with its collect QR code, then the night from its first photo, \
and round again`, async () => {
    serveWall(['3', '2', '1']);
    noStream();
    renderApp('/telao?evento=festa-ana-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Festa da Ana' })).toBeInTheDocument();
    expect(screen.getByRole('main', { name: 'Telão de Festa da Ana' })).toBeInTheDocument();
    expect(document.querySelector('.wall__cover')?.getAttribute('src')).toBe(
      'http://localhost/media/festa_ana/capa.jpg',
    );
    expect(onScreen()).toBe('http://localhost/media/festa_ana/pad/3.jpg');
    expect(screen.getByRole('img', { name: 'QR code para coletar esta foto' })).toBeInTheDocument();
    expect(screen.getByText('Aponte a câmera do celular e colete esta foto')).toBeInTheDocument();
    // No menu of the site on a TV.
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();

    await wait(8_000);
    expect(onScreen()).toBe('http://localhost/media/festa_ana/pad/1.jpg');
    await wait(8_000);
    expect(onScreen()).toBe('http://localhost/media/festa_ana/pad/2.jpg');
    await wait(8_000);
    expect(onScreen()).toBe('http://localhost/media/festa_ana/pad/3.jpg');
    await wait(8_000);
    expect(onScreen()).toBe('http://localhost/media/festa_ana/pad/1.jpg');
  });

  it(`brings back every older photo of a long night while a booth is busy, reading the night a page at a \
time`, async () => {
    const names = Array.from({ length: 60 }, (_, n) => String(60 - n));
    const wall = serveWall(names, { page: 3 });
    const live = serveWallStream();
    renderApp('/telao?evento=festa-ana-1');
    await screen.findByRole('heading', { level: 1, name: 'Festa da Ana' });
    live.say('gallery', { version: 'v60' });
    await screen.findByText('Ao vivo');
    const seen = new Set<string | null>([onScreen()]);
    // A busy booth: a new photo every 12 s, 8 s a slide (each new one on at once, the night between).
    for (let n = 61; n <= 80; n += 1) {
      wall.product.unshift(photo(String(n)));
      live.say('gallery', { version: `v${n}` });
      await waitFor(() => expect(onScreen()).toBe(`http://localhost/media/festa_ana/pad/${n}.jpg`));
      await wait(8_000);
      seen.add(onScreen());
      await wait(4_000);
    }
    // The first photos of the night came back in turn, and the night was read in pages, not whole.
    for (let n = 1; n <= 10; n += 1) expect(seen).toContain(`http://localhost/media/festa_ana/pad/${n}.jpg`);
    expect(wall.nights.slice(0, 3)).toEqual([null, '2', '5']);
  });

  it(`puts a new photo on the screen the moment the stream says the wall changed, without waiting for a \
poll`, async () => {
    const wall = serveWall(['2', '1']);
    const live = serveWallStream();
    renderApp('/telao?evento=festa-ana-1');
    await screen.findByRole('heading', { level: 1, name: 'Festa da Ana' });
    live.say('gallery', { version: 'v2' });
    expect(await screen.findByText('Ao vivo')).toBeInTheDocument();
    const asked = wall.asked.length;
    await wait(2_000);
    expect(onScreen()).toBe('http://localhost/media/festa_ana/pad/2.jpg');
    // The same version as the list on screen: nothing asked.
    expect(wall.asked).toHaveLength(asked);

    wall.product.unshift(photo('3'));
    live.say('gallery', { version: 'v3' });
    // No timer moved: the stream alone brought it.
    await waitFor(() => expect(onScreen()).toBe('http://localhost/media/festa_ana/pad/3.jpg'));
    expect(wall.asked).toHaveLength(asked + 1);
    expect(live.opened).toBe(1);
  });

  it(`asks at once when the stream says the wall closed (its link revoked), and says so without waiting for a \
poll`, async () => {
    const wall = serveWall(['1']);
    const live = serveWallStream();
    renderApp('/telao?evento=festa-ana-1&chave=ChaveDoTelao0123456789abcdefABCD');
    await screen.findByRole('heading', { level: 1, name: 'Festa da Ana' });
    live.say('gallery', { version: 'v1' });
    await screen.findByText('Ao vivo');
    wall.answer = 'gone';
    live.say('closed', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Telão não encontrado' })).toBeInTheDocument();
  });

  it("follows its owner's event to its new address once every guest's access is revoked, and shows it on", async () => {
    const wall = serveWall(['1']);
    const moved = serveWall(['1'], { publicId: 'festa-ana-2' });
    moved.codes = { [photo('1')]: 'CodigoDoTelao0123456789' };
    noStream();
    const live = serveWallStream();
    const addresses: (string | null)[] = [];
    network.use(
      http.get(`${API}/events/festa_ana/telao`, ({ request }) => {
        addresses.push(request.headers.get('idToken'));
        return HttpResponse.json({ publicId: 'festa-ana-2', key: null, visibility: 'private' });
      }),
    );
    renderApp('/telao?evento=festa-ana-1', { identity: fakeIdentity({ signedInAs: ANA }) });
    await screen.findByRole('heading', { level: 1, name: 'Festa da Ana' });
    live.say('gallery', { version: 'v1' });
    await screen.findByText('Ao vivo');
    wall.answer = 'gone';
    live.say('closed', {});
    await waitFor(() => expect(moved.asked.length).toBeGreaterThan(0));
    expect(addresses).toEqual([expect.any(String)]);
    expect(await screen.findByRole('img', { name: 'Foto de Festa da Ana' })).toHaveAttribute(
      'src',
      'http://localhost/media/festa_ana/pad/1.jpg',
    );
    expect(screen.queryByRole('heading', { name: 'Telão não encontrado' })).not.toBeInTheDocument();
  });

  it(`says it looks for its event while it follows it, not that it is gone, and keeps asking through a lost \
connection`, async () => {
    const wall = serveWall(['1']);
    const moved = serveWall(['1'], { publicId: 'festa-ana-2' });
    noStream();
    const live = serveWallStream();
    let answer: 'down' | 'moved' = 'down';
    const addresses: string[] = [];
    network.use(
      http.get(`${API}/events/festa_ana/telao`, () => {
        addresses.push(answer);
        return answer === 'down'
          ? HttpResponse.error()
          : HttpResponse.json({ publicId: 'festa-ana-2', key: null, visibility: 'private' });
      }),
    );
    renderApp('/telao?evento=festa-ana-1', { identity: fakeIdentity({ signedInAs: ANA }) });
    await screen.findByRole('heading', { level: 1, name: 'Festa da Ana' });
    live.say('gallery', { version: 'v1' });
    await screen.findByText('Ao vivo');
    wall.answer = 'gone';
    live.say('closed', {});
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Procurando o telão do evento...' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Sem conexão: tentando de novo...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Telão não encontrado' })).not.toBeInTheDocument();
    expect(
      screen.queryByText('Este link do telão não abre mais. Peça um novo a quem organiza o evento.'),
    ).not.toBeInTheDocument();
    answer = 'moved';
    await wait(5_000);
    expect(await screen.findByRole('img', { name: 'Foto de Festa da Ana' })).toHaveAttribute(
      'src',
      'http://localhost/media/festa_ana/pad/1.jpg',
    );
    expect(moved.asked.length).toBeGreaterThan(0);
    expect(addresses).toEqual(['down', 'moved']);
  });

  it("says it is gone to a signed-in viewer whose event's wall did not move (not theirs)", async () => {
    const wall = serveWall(['1']);
    noStream();
    const live = serveWallStream();
    network.use(http.get(`${API}/events/festa_ana/telao`, () => HttpResponse.json(NOT_FOUND, { status: 404 })));
    renderApp('/telao?evento=festa-ana-1&chave=ChaveDoTelao0123456789abcdefABCD', {
      identity: fakeIdentity({ signedInAs: ANA }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Festa da Ana' });
    live.say('gallery', { version: 'v1' });
    await screen.findByText('Ao vivo');
    wall.answer = 'gone';
    live.say('closed', {});
    expect(await screen.findByRole('heading', { level: 1, name: 'Telão não encontrado' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Procurando o telão do evento...' })).not.toBeInTheDocument();
  });

  it('says a video is a video', async () => {
    serveWall([]);
    network.use(
      http.get(`${API}/telao/festa-ana-1`, () =>
        HttpResponse.json({
          bname: 'festa_ana',
          displayTitle: 'Festa da Ana',
          cover: '',
          product: ['/media/festa_ana/360/giro.mp4'],
        }),
      ),
    );
    noStream();
    renderApp('/telao?evento=festa-ana-1');
    const video = await screen.findByLabelText('Vídeo de Festa da Ana');
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveProperty('muted', true);
    expect(screen.getByRole('img', { name: 'QR code para coletar este vídeo' })).toBeInTheDocument();
    expect(screen.getByText('Aponte a câmera do celular e colete este vídeo')).toBeInTheDocument();
  });

  it(`polls every 5 s without a stream, and keeps showing through a lost connection, saying so, until it is \
back`, async () => {
    const wall = serveWall(['1']);
    noStream();
    renderApp('/telao?evento=festa-ana-1');
    await screen.findByRole('heading', { level: 1, name: 'Festa da Ana' });
    wall.answer = 'down';
    await wait(5_000);
    expect(await screen.findByText('Sem conexão: tentando de novo...')).toBeInTheDocument();
    expect(onScreen()).toBe('http://localhost/media/festa_ana/pad/1.jpg');

    wall.answer = 'list';
    wall.product.unshift(photo('2'));
    await wait(5_000);
    expect(await screen.findByRole('img', { name: 'Foto de Festa da Ana' })).toHaveAttribute(
      'src',
      'http://localhost/media/festa_ana/pad/2.jpg',
    );
    expect(screen.queryByText('Sem conexão: tentando de novo...')).not.toBeInTheDocument();
  });

  it('says when the party has no photo yet, and shows the first the moment it comes', async () => {
    const wall = serveWall([]);
    noStream();
    renderApp('/telao?evento=festa-ana-1');
    expect(await screen.findByText('As fotos da festa aparecem aqui assim que saírem da cabine.')).toBeInTheDocument();
    wall.product.push(photo('1'));
    await wait(5_000);
    expect(await screen.findByRole('img', { name: 'Foto de Festa da Ana' })).toHaveAttribute(
      'src',
      'http://localhost/media/festa_ana/pad/1.jpg',
    );
  });

  it("sends the link's key, and the owner's token when signed in", async () => {
    const wall = serveWall(['1']);
    noStream();
    renderApp('/telao?evento=festa-ana-1&chave=ChaveDoTelao0123456789abcdefABCD', {
      identity: fakeIdentity({ signedInAs: ANA }),
    });
    await screen.findByRole('heading', { level: 1, name: 'Festa da Ana' });
    expect(wall.asked[0]).toEqual({ key: 'ChaveDoTelao0123456789abcdefABCD', token: expect.any(String) });
  });

  it('says so when the server does not open it (a revoked link), and asks no more', async () => {
    const wall = serveWall(['1']);
    wall.answer = 'gone';
    noStream();
    renderApp('/telao?evento=festa-ana-1&chave=ChaveRevogada0123456789abcdefABC');
    expect(await screen.findByRole('heading', { level: 1, name: 'Telão não encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Organiza o evento? Entre na sua conta' })).toHaveAttribute(
      'href',
      `/login?` +
        new URLSearchParams({ volta: '/telao?evento=festa-ana-1&chave=ChaveRevogada0123456789abcdefABC' }).toString(),
    );
    const asked = wall.asked.length;
    await wait(30_000);
    expect(wall.asked).toHaveLength(asked);
  });

  it('explains a link without its event', async () => {
    renderApp('/telao');
    expect(await screen.findByRole('heading', { level: 1, name: 'Link do telão incompleto' })).toBeInTheDocument();
  });
});
