import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

/** 'Baixar todas' and 'Compartilhar' on 'Minha Coleção'. */
const photos = (n: number) =>
  Array.from({ length: n }, (_, i) => `/media/festa_ana/pad/foto-${String(i).padStart(2, '0')}.jpg`);

function servePhotos() {
  const asked: string[] = [];
  network.use(
    http.get('http://localhost/media/:bname/:mode/:file', ({ params }) => {
      asked.push(String(params.file));
      return new HttpResponse(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'Content-Type': 'image/jpeg' } });
    }),
  );
  return asked;
}

/** A phone that can share files: what it was handed. */
function phoneThatShares(outcome: () => Promise<void> = () => Promise.resolve()) {
  const shared: { names: string[]; title?: string }[] = [];
  Object.assign(navigator, {
    canShare: () => true,
    share: async (data: ShareData) => {
      shared.push({ names: (data.files ?? []).map((file) => file.name), title: data.title });
      await outcome();
    },
  });
  return shared;
}

afterEach(() => {
  delete (navigator as Partial<Navigator>).canShare;
  delete (navigator as Partial<Navigator>).share;
});

it("'Baixar todas' posts the whole collection, newest first, as a plain form the browser downloads from", async () => {
  const collection = [...photos(3), '/media/festa_ana/360/video.mp4'];
  renderApp('/collection', { preloadedState: withSession({ collection }) });
  const button = await screen.findByRole('button', { name: 'Baixar todas' });
  const form = button.closest('form') as HTMLFormElement;
  expect(form).toHaveAttribute('method', 'post');
  expect(form).toHaveAttribute('action', 'http://localhost/api/baixar/colecao');
  expect(button).toHaveAttribute('type', 'submit');
  const fields = [...form.querySelectorAll('input')].map((input) => ({
    name: input.name,
    type: input.type,
    value: input.value,
  }));
  expect(fields).toEqual([...collection].reverse().map((value) => ({ name: 'itens', type: 'hidden', value })));
  // A phone that cannot share files is offered no share.
  expect(screen.queryByRole('button', { name: 'Compartilhar' })).not.toBeInTheDocument();
});

it("'Compartilhar' fetches the photos, then hands them to the phone's sheet with a second tap", async () => {
  const asked = servePhotos();
  const shared = phoneThatShares();
  const { user } = renderApp('/collection', {
    preloadedState: withSession({ collection: [...photos(3), '/media/festa_ana/360/video.mp4'] }),
  });
  await user.click(await screen.findByRole('button', { name: 'Compartilhar' }));
  await user.click(await screen.findByRole('button', { name: 'Compartilhar 3 fotos' }));
  // Photos only (a video is downloaded, not shared), newest first.
  expect(shared).toEqual([{ names: ['foto-02.jpg', 'foto-01.jpg', 'foto-00.jpg'], title: 'Minha Coleção' }]);
  expect(asked.sort()).toEqual(['foto-00.jpg', 'foto-01.jpg', 'foto-02.jpg']);
  expect(await screen.findByText('Fotos compartilhadas.')).toBeInTheDocument();
});

it('says the video stays out of the share, not that the photos are the newest', async () => {
  servePhotos();
  phoneThatShares();
  const { user } = renderApp('/collection', {
    preloadedState: withSession({ collection: ['/media/festa_ana/360/video.mp4', ...photos(2)] }),
  });
  await user.click(await screen.findByRole('button', { name: 'Compartilhar' }));
  expect(await screen.findByRole('button', { name: 'Compartilhar 2 fotos' })).toBeInTheDocument();
  expect(
    screen.getByText(
      'As 2 fotos estão prontas. 1 vídeo fica de fora: só fotos vão para o compartilhamento. Baixe-o com ' +
        "'Baixar todas'.",
    ),
  ).toHaveAttribute('role', 'status');
  expect(screen.queryByText(/mais recentes/)).not.toBeInTheDocument();
});

it('says so for the newest 20 of many photos and the videos and GIFs left out', async () => {
  servePhotos();
  phoneThatShares();
  const collection = [
    ...photos(22),
    '/media/festa_ana/360/a.mp4',
    '/media/festa_ana/360/b.mp4',
    '/media/festa_ana/boomerang/c.gif',
  ];
  const { user } = renderApp('/collection', { preloadedState: withSession({ collection }) });
  await user.click(await screen.findByRole('button', { name: 'Compartilhar' }));
  expect(
    await screen.findByText(
      'As 20 fotos mais recentes estão prontas. 1 GIF e 2 vídeos ficam de fora: só fotos vão para o ' +
        "compartilhamento. Baixe-os com 'Baixar todas'.",
    ),
  ).toBeInTheDocument();
});

it('shares the newest 20 of a big collection, and says so', async () => {
  servePhotos();
  const shared = phoneThatShares();
  const { user } = renderApp('/collection', { preloadedState: withSession({ collection: photos(25) }) });
  await user.click(await screen.findByRole('button', { name: 'Compartilhar' }));
  expect(await screen.findByText('As 20 fotos mais recentes estão prontas.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Compartilhar 20 fotos' }));
  expect(shared[0].names).toHaveLength(20);
  expect(shared[0].names[0]).toBe('foto-24.jpg');
});

it('says so when the photos cannot be fetched, and a closed sheet is no failure', async () => {
  network.use(http.get('http://localhost/media/:bname/:mode/:file', () => HttpResponse.error()));
  phoneThatShares();
  const { user } = renderApp('/collection', { preloadedState: withSession({ collection: photos(2) }) });
  await user.click(await screen.findByRole('button', { name: 'Compartilhar' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Não foi possível carregar as fotos. Verifique sua conexão.',
  );

  servePhotos();
  phoneThatShares(() => Promise.reject(new DOMException('fechou', 'AbortError')));
  await user.click(screen.getByRole('button', { name: 'Compartilhar' }));
  await user.click(await screen.findByRole('button', { name: 'Compartilhar 2 fotos' }));
  expect(screen.getByRole('button', { name: 'Compartilhar 2 fotos' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});
