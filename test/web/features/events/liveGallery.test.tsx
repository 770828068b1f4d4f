import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

const devices = ['pad', 'polaroid', '360', 'nulo'];
const entry = (mode: string) => ({ pathname: `/eventos/evento/${mode}`, state: { bname: 'festa_ana', devices } });
const photo = (mode: string, name: string) => `/media/festa_ana/${mode}/${name}.jpg`;

/** A booth's gallery on the fake server: what the booth uploaded so far, and how often it was asked. */
function serveBooth(mode: string, names: string[]) {
  const booth = { product: names.map((n) => photo(mode, n)), asked: 0 };
  network.use(
    http.get(`${API}/all/festa_ana/${mode}`, () => {
      booth.asked += 1;
      return HttpResponse.json({ product: [...booth.product] });
    }),
  );
  return booth;
}

function tileSources(gallery: string): string[] {
  return within(screen.getByRole('list', { name: gallery }))
    .getAllByRole('button')
    .map((b) => b.querySelector('img')?.getAttribute('src') ?? '');
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
}

const wait = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));

describe('an open booth gallery', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => {
    jest.useRealTimers();
    setVisibility('visible');
  });

  it('shows what the booth uploads after the next poll, newest first, without a reload', async () => {
    const pad = serveBooth('pad', ['1', '2', '3']);
    renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 3' });

    pad.product.push(photo('pad', '4'));
    await wait(5_000);
    expect(await screen.findByRole('button', { name: 'Foto 1 de 4' })).toBeInTheDocument();
    expect(tileSources('Galeria Pad')).toEqual([
      'http://localhost/thumbs/festa_ana/pad/4.jpg.webp',
      'http://localhost/thumbs/festa_ana/pad/3.jpg.webp',
      'http://localhost/thumbs/festa_ana/pad/2.jpg.webp',
      'http://localhost/thumbs/festa_ana/pad/1.jpg.webp',
    ]);
  });

  it('does not ask while the page is hidden, and asks at once when it is seen again', async () => {
    const pad = serveBooth('pad', ['1']);
    renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 1' });
    await wait(5_000);
    const whileVisible = pad.asked;
    expect(whileVisible).toBeGreaterThanOrEqual(2);

    act(() => setVisibility('hidden'));
    await wait(60_000);
    expect(pad.asked).toBe(whileVisible);

    pad.product.push(photo('pad', '2'));
    act(() => setVisibility('visible'));
    expect(await screen.findByRole('button', { name: 'Foto 1 de 2' })).toBeInTheDocument();
    expect(pad.asked).toBe(whileVisible + 1);
    await wait(5_000);
    expect(pad.asked).toBe(whileVisible + 2);
  });

  it('shows what a booth uploaded meanwhile on coming back to it from another booth', async () => {
    const pad = serveBooth('pad', ['1']);
    serveBooth('polaroid', ['p1']);
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { router } = renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 1' });

    const carousel = screen.getByRole('region', { name: 'Cabines do evento' });
    await user.click(within(carousel).getAllByRole('button', { name: 'Polaroid' })[0]);
    await screen.findByRole('heading', { level: 2, name: 'Polaroid' });
    await screen.findByRole('button', { name: 'Foto 1 de 1' });
    expect(tileSources('Galeria Polaroid')).toEqual(['http://localhost/thumbs/festa_ana/polaroid/p1.jpg.webp']);
    pad.product.push(photo('pad', '2'));
    await wait(10_000);

    await user.click(within(carousel).getAllByRole('button', { name: 'Pad' })[0]);
    expect(router.state.location.pathname).toBe('/eventos/evento/pad');
    expect(await screen.findByRole('button', { name: 'Foto 1 de 2' })).toBeInTheDocument();
    expect(tileSources('Galeria Pad')[0]).toBe('http://localhost/thumbs/festa_ana/pad/2.jpg.webp');
  });

  it("never shows another booth's photos under this booth's name while its own load", async () => {
    serveBooth('pad', ['1', '2']);
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    network.use(
      http.get(`${API}/all/festa_ana/polaroid`, async () => {
        await held;
        return HttpResponse.json({ product: [photo('polaroid', 'p1')] });
      }),
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 2' });
    const carousel = screen.getByRole('region', { name: 'Cabines do evento' });
    await user.click(within(carousel).getAllByRole('button', { name: 'Polaroid' })[0]);
    await screen.findByRole('heading', { level: 2, name: 'Polaroid' });
    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /^Galeria/ })).not.toBeInTheDocument();
    release();
    expect(await screen.findByRole('button', { name: 'Foto 1 de 1' })).toBeInTheDocument();
  });

  it('keeps the photos on screen when one poll fails', async () => {
    const pad = serveBooth('pad', ['1']);
    renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 1' });
    network.use(
      http.get(
        `${API}/all/festa_ana/pad`,
        () => HttpResponse.json({ error: 'boom', message: 'falhou' }, { status: 503 }),
        { once: true },
      ),
    );
    await wait(5_000);
    expect(screen.getByRole('button', { name: 'Foto 1 de 1' })).toBeInTheDocument();
    expect(screen.queryByText('Não foi possível carregar as fotos.')).not.toBeInTheDocument();
    pad.product.push(photo('pad', '2'));
    await wait(5_000);
    expect(await screen.findByRole('button', { name: 'Foto 1 de 2' })).toBeInTheDocument();
  });
});

describe('the events list', () => {
  beforeEach(() => jest.useFakeTimers({ advanceTimers: true }));
  afterEach(() => jest.useRealTimers());

  it("follows the cards' photo counts while it is open", async () => {
    let photos = 12;
    network.use(
      http.get(`${API}/eventos/:events/:agent`, () =>
        HttpResponse.json([{ title: 'festa_ana', visible: true, profile: '', cover: '', photos, devices: ['pad'] }]),
      ),
      // Asked for while the list is idle, ready for a tap (eventsListPreload.test.tsx).
      http.get(`${API}/all/festa_ana/pad`, () => HttpResponse.json({ product: [] })),
    );
    renderApp('/eventos', { preloadedState: withSession({ agent: 'agent0001', events: ['festa_ana'] }) });
    expect(await screen.findByRole('button', { name: /festa_ana/ })).toHaveTextContent('12 fotos');
    photos = 13;
    await wait(30_000);
    expect(await screen.findByText('13 fotos')).toBeInTheDocument();
  });
});

/** The booth's live stream on the fake server: the test says when the list changed, and when the server is down. */
function serveLiveStream(mode: string) {
  const encoder = new TextEncoder();
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  let down = false;
  let asked = 0;
  network.use(
    http.get(`${API}/live/festa_ana/${mode}`, () => {
      asked += 1;
      if (down) return new HttpResponse(null, { status: 503 });
      const body = new ReadableStream<Uint8Array>({ start: (controller) => void streams.push(controller) });
      return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
    }),
  );
  return {
    get opened() {
      return streams.length;
    },
    get asked() {
      return asked;
    },
    say: (version: string) =>
      streams.at(-1)?.enqueue(encoder.encode(`event: gallery\ndata: {"version":"${version}"}\n\n`)),
    /** The connection breaks, and the server answers no stream until `up`. */
    down: () => {
      down = true;
      streams.at(-1)?.error(new Error('a venue Wi-Fi drop'));
    },
    up: () => {
      down = false;
    },
  };
}

describe('a booth gallery followed live', () => {
  beforeEach(() => {
    jest.useFakeTimers({ advanceTimers: true });
    // The waits before connecting again, without their spread: 1 s, 2 s, 4 s...
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it("shows a new photo as soon as the server's stream says the list changed, without waiting for a poll", async () => {
    const pad = serveBooth('pad', ['1', '2']);
    const live = serveLiveStream('pad');
    renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 2' });
    await act(async () => void (await jest.advanceTimersByTimeAsync(0)));
    expect(live.opened).toBe(1);

    pad.product.push(photo('pad', '3'));
    live.say('3-3-6');
    // No timer moved: the stream alone brought it.
    expect(await screen.findByRole('button', { name: 'Foto 1 de 3' })).toBeInTheDocument();
    expect(tileSources('Galeria Pad')[0]).toBe('http://localhost/thumbs/festa_ana/pad/3.jpg.webp');
  });

  it(`polls every 30 s while the stream is open, and every 5 s again once it drops, connecting again \
later`, async () => {
    const pad = serveBooth('pad', ['1']);
    const live = serveLiveStream('pad');
    renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 1' });
    live.say('1-1-1');
    await wait(1_000);
    const asked = pad.asked;
    await wait(5_000);
    expect(pad.asked).toBe(asked);
    await wait(25_000);
    expect(pad.asked).toBe(asked + 1);

    live.down();
    await wait(100);
    const afterDrop = pad.asked;
    await wait(5_000);
    expect(pad.asked).toBe(afterDrop + 1);
    await wait(5_000);
    expect(pad.asked).toBe(afterDrop + 2);
    // Asked again meanwhile, later each time (after 1 s, 2 s, 4 s), refused while the server is down.
    expect(live.asked).toBe(4);

    live.up();
    await wait(16_000);
    expect(live.opened).toBe(2);
    // Live again once the server speaks (it says the version as a stream opens).
    live.say('1-1-1');
    await wait(100);
    const reconnected = pad.asked;
    await wait(10_000);
    expect(pad.asked).toBe(reconnected);
  });

  it(`waits as long as a busy server asks (503 with Retry-After) before asking for a stream again, polling every 5 s \
meanwhile`, async () => {
    const pad = serveBooth('pad', ['1']);
    let asked = 0;
    network.use(
      http.get(`${API}/live/festa_ana/pad`, () => {
        asked += 1;
        return HttpResponse.json(
          {
            error: 'live_unavailable',
            message: 'A atualização ao vivo está cheia agora: a página segue se atualizando sozinha.',
          },
          { status: 503, headers: { 'Retry-After': '30' } },
        );
      }),
    );
    renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 1' });
    await wait(100);
    expect(asked).toBe(1);
    const polled = pad.asked;
    await wait(10_000);
    expect(pad.asked).toBe(polled + 2);
    // Not after 1 s, 2 s, 4 s as after a drop: no sooner than 30 s (45 s with this test's spread).
    await wait(30_000);
    expect(asked).toBe(1);
    pad.product.push(photo('pad', '2'));
    await wait(5_000);
    expect(await screen.findByRole('button', { name: 'Foto 1 de 2' })).toBeInTheDocument();
    await wait(10_000);
    expect(asked).toBe(2);
  });

  it("takes no page for a stream (a venue's captive portal): it keeps polling every 5 s", async () => {
    const pad = serveBooth('pad', ['1']);
    network.use(
      http.get(`${API}/live/festa_ana/pad`, () =>
        HttpResponse.text('<html>Entre na rede do salão</html>', { headers: { 'Content-Type': 'text/html' } }),
      ),
    );
    renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 1' });
    await wait(100);
    const asked = pad.asked;
    await wait(10_000);
    expect(pad.asked).toBe(asked + 2);
  });

  it('asks for the list only when the version the stream says is not the one the list on screen carries', async () => {
    let asked = 0;
    let version = '2-5-9';
    network.use(
      http.get(`${API}/all/festa_ana/pad`, () => {
        asked += 1;
        return HttpResponse.json(
          { product: [photo('pad', '1'), photo('pad', '2')] },
          { headers: { ETag: `W/"g1-${version}"` } },
        );
      }),
    );
    const live = serveLiveStream('pad');
    renderApp(entry('pad'));
    await screen.findByRole('button', { name: 'Foto 1 de 2' });
    // What a stream says as it opens: the version the page already shows.
    live.say('2-5-9');
    await wait(500);
    expect(asked).toBe(1);
    version = '3-6-12';
    live.say('3-6-12');
    await wait(500);
    expect(asked).toBe(2);
  });
});
