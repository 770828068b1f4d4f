import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ModeratedMedium, ModerationChange, ModerationSettingsChange } from '../../../../contract/wire';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { ownerOfFestaAna } from '../../../support/ownerDashboard';
import { renderApp } from '../../../support/renderWithProviders';

/**
 * 'Fotos do evento' on the owner's dashboard (docs/product.md#moderation): each photo with 'Ocultar'/'Mostrar', the
 * 'Aprovar antes do telão' switch and its queue, as the server keeps them.
 */
const A1 = '/media/festa_ana/pad/a1.jpg';
const A2 = '/media/festa_ana/pad/a2.jpg';

function serveDashboard() {
  const state = {
    settings: { wallApproval: false, holdGalleries: false },
    media: [
      { url: A2, hidden: false, awaiting: false },
      { url: A1, hidden: false, awaiting: false },
    ] as ModeratedMedium[],
    changes: [] as unknown[],
    settled: [] as unknown[],
  };
  const counts = () => ({
    waiting: state.media.filter((medium) => medium.awaiting && !medium.hidden).length,
    hidden: state.media.filter((medium) => medium.hidden).length,
  });
  network.use(
    ...ownerOfFestaAna(),
    http.get(`${API}/events/festa_ana/moderacao`, ({ request }) => {
      const filtro = new URL(request.url).searchParams.get('filtro');
      const media = state.media.filter((medium) =>
        filtro === 'fila' ? medium.awaiting && !medium.hidden : filtro === 'ocultas' ? medium.hidden : true,
      );
      return HttpResponse.json({ ...state.settings, ...counts(), media, next: null });
    }),
    http.post(`${API}/events/festa_ana/moderacao`, async ({ request }) => {
      const { url, action } = (await request.json()) as ModerationChange;
      state.changes.push({ url, action });
      state.media = state.media.map((medium) =>
        medium.url !== url
          ? medium
          : action === 'hide'
            ? { url, hidden: true, awaiting: false }
            : action === 'show'
              ? { url, hidden: false, awaiting: false }
              : { ...medium, awaiting: false },
      );
      return HttpResponse.json(state.media.find((medium) => medium.url === url));
    }),
    http.put(`${API}/events/festa_ana/moderacao/ajustes`, async ({ request }) => {
      const body = (await request.json()) as ModerationSettingsChange;
      state.settled.push(body);
      state.settings = { wallApproval: body.wallApproval, holdGalleries: body.wallApproval && body.holdGalleries };
      // A photo comes while approval is on: it waits.
      const A3 = '/media/festa_ana/pad/a3.jpg';
      if (body.wallApproval && !state.media.some((medium) => medium.url === A3))
        state.media = [{ url: A3, hidden: false, awaiting: true }, ...state.media];
      return HttpResponse.json({ ...state.settings, ...counts() });
    }),
  );
  return state;
}

const openSection = async () => {
  const rendered = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await screen.findByRole('region', { name: 'Fotos do evento' }, { timeout: 10_000 });
  return { ...rendered, section };
};

it("hides a photo with 'Ocultar', says where it went, and shows it again with 'Mostrar'", async () => {
  const server = serveDashboard();
  const { user, section } = await openSection();
  expect(await within(section).findByRole('img', { name: 'Foto 1, visível' })).toBeInTheDocument();

  await user.click(within(section).getByRole('button', { name: 'Ocultar foto 1' }));
  expect(server.changes).toEqual([{ url: A2, action: 'hide' }]);
  expect(await within(section).findByRole('button', { name: 'Mostrar foto 1' })).toBeInTheDocument();
  expect(within(section).getByRole('img', { name: 'Foto 1, oculta' })).toBeInTheDocument();
  expect(within(section).getByText(/Foto ocultada: ela saiu das galerias, do telão/)).toBeInTheDocument();
  expect(await within(section).findByRole('button', { name: 'Ocultas (1)' })).toBeInTheDocument();

  await user.click(within(section).getByRole('button', { name: 'Mostrar foto 1' }));
  expect(server.changes).toEqual([
    { url: A2, action: 'hide' },
    { url: A2, action: 'show' },
  ]);
  expect(await within(section).findByRole('button', { name: 'Ocultar foto 1' })).toBeInTheDocument();
  expect(within(section).getByText('Foto visível de novo em todos os lugares.')).toBeInTheDocument();
});

it("turns 'Aprovar antes do telão' on, and approves from the queue what waits", async () => {
  const server = serveDashboard();
  const { user, section } = await openSection();
  const toggle = await within(section).findByRole('switch', { name: 'Aprovar antes do telão' });
  expect(toggle).not.toBeChecked();
  expect(within(section).queryByRole('switch', { name: 'Segurar também as galerias dos celulares' })).toBeNull();

  await user.click(toggle);
  expect(server.settled).toEqual([{ wallApproval: true, holdGalleries: false }]);
  expect(
    await within(section).findByText('As fotos novas só aparecem no telão depois que você aprovar.'),
  ).toBeVisible();
  await user.click(await within(section).findByRole('switch', { name: 'Segurar também as galerias dos celulares' }));
  expect(server.settled).toEqual([
    { wallApproval: true, holdGalleries: false },
    { wallApproval: true, holdGalleries: true },
  ]);

  await user.click(await within(section).findByRole('button', { name: /^Aguardando aprovação \(1\)$/ }));
  const waiting = await within(section).findByRole('img', { name: 'Foto 1, aguardando aprovação' });
  expect(waiting).toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: 'Aprovar' }));
  expect(server.changes).toEqual([{ url: '/media/festa_ana/pad/a3.jpg', action: 'approve' }]);
  expect(await within(section).findByText('Nenhuma foto aguardando aprovação.')).toBeInTheDocument();
});

it('says so when the server refuses a change, and the photo stays as the server has it', async () => {
  serveDashboard();
  network.use(
    http.post(`${API}/events/festa_ana/moderacao`, () =>
      HttpResponse.json({ error: 'not_event_owner', message: 'Este evento não é seu.' }, { status: 403 }),
    ),
  );
  const { user, section } = await openSection();
  await user.click(await within(section).findByRole('button', { name: 'Ocultar foto 1' }));
  expect(await within(section).findByText('Não foi possível mudar a foto: Este evento não é seu.')).toBeInTheDocument();
  expect(within(section).getByRole('button', { name: 'Ocultar foto 1' })).toBeInTheDocument();
});
