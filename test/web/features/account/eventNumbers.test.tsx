import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EventNumbersReply } from '../../../../contract/wire';
import { DASHBOARD_POLL_MS } from '../../../../src/features/account/dashboardLive';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { ownerOfFestaAna } from '../../../support/ownerDashboard';
import { renderApp } from '../../../support/renderWithProviders';
import { observeDownloads } from '../../../support/fileDownloads';

/**
 * 'A festa em números' on the owner's dashboard (docs/product.md#the-party-in-numbers): the night's figures, a bar
 * per hour, the most collected photos, moving during the party without a reload, and 'Baixar CSV'.
 */
const NIGHT: EventNumbersReply = {
  bname: 'festa_ana',
  taken: 1234,
  booths: [
    { mode: 'pad', device: 'cam1', taken: 1000 },
    { mode: 'pad', device: 'cam2', taken: 200 },
    { mode: 'polaroid', device: null, taken: 34 },
  ],
  collected: 456,
  shared: 78,
  downloaded: 9,
  printed: 12,
  copiesLeft: 3,
  faceSearches: 5,
  wallViews: 2,
  hours: [
    { hour: '2026-09-20T21:00', taken: 400, collected: 100 },
    { hour: '2026-09-20T22:00', taken: 0, collected: 6 },
    { hour: '2026-09-20T23:00', taken: 834, collected: 350 },
  ],
  top: [
    { url: '/media/festa_ana/pad/a1.jpg', collected: 40 },
    { url: '/media/festa_ana/pad/a2.jpg', collected: 1 },
  ],
};

function serveDashboard(numbers: EventNumbersReply) {
  const state = { now: numbers, csvTokens: [] as (string | null)[] };
  network.use(
    ...ownerOfFestaAna(),
    http.get(`${API}/events/festa_ana/numeros`, () => HttpResponse.json(state.now)),
    http.get(`${API}/events/festa_ana/numeros/csv`, ({ request }) => {
      state.csvTokens.push(request.headers.get('idToken'));
      return new HttpResponse('\uFEFFEvento;festa_ana\r\nIndicador;Total\r\nFotos tiradas;1234\r\n', {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="festa_ana-numeros.csv"',
        },
      });
    }),
  );
  return state;
}

const openSection = async () => {
  const rendered = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await screen.findByRole('region', { name: 'A festa em números' }, { timeout: 10_000 });
  return { ...rendered, section };
};

const figure = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => jest.useRealTimers());

it(`shows the night's figures in Portuguese, the photos per booth, a bar per hour that a screen reader can read, and \
the most collected photos`, async () => {
  serveDashboard(NIGHT);
  const { section } = await openSection();
  expect(await within(section).findByText('Fotos tiradas', { selector: 'dt' })).toBeInTheDocument();
  expect(figure(section, 'Fotos tiradas')).toBe('1.234');
  expect(figure(section, 'Coletadas')).toBe('456');
  expect(figure(section, 'Compartilhadas')).toBe('78');
  expect(figure(section, "Downloads ('Baixar todas')")).toBe('9');
  expect(figure(section, 'Cópias impressas')).toBe('12');
  expect(figure(section, 'Cópias restantes nos packs')).toBe('3');
  expect(figure(section, 'Buscas por rosto')).toBe('5');
  expect(figure(section, 'Aberturas do telão')).toBe('2');

  const booths = within(section).getByRole('table', { name: 'Fotos por cabine' });
  expect(
    within(booths)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual(['Pad 11.000', 'Pad 2200', 'Polaroid (enviadas pela equipe)34']);

  const chart = within(section).getByRole('img', { name: 'Fotos tiradas por hora' });
  expect(chart).toHaveAccessibleDescription(
    'De 20/09/2026, 21h a 20/09/2026, 23h; a hora com mais fotos: 20/09/2026, 23h, 834.',
  );
  expect(chart.querySelectorAll('rect')).toHaveLength(3);
  const hours = within(section).getByRole('table', { name: 'Fotos tiradas e coletadas por hora' });
  expect(
    within(hours)
      .getAllByRole('row')
      .map((row) => row.textContent),
  ).toEqual([
    'HoraFotos tiradasFotos coletadas',
    '20/09/2026, 21h400100',
    '20/09/2026, 22h06',
    '20/09/2026, 23h834350',
  ]);

  const top = within(section).getAllByRole('listitem');
  expect(top.map((item) => item.textContent)).toEqual(['40 coletas', '1 coleta']);
  expect(within(top[0]).getByRole('img', { name: '1ª foto mais coletada' })).toHaveAttribute(
    'src',
    'http://localhost/thumbs/festa_ana/pad/a1.jpg.webp',
  );
});

it('follows the party while the dashboard is open: the figures move without a reload', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const server = serveDashboard({ ...NIGHT, collected: 456 });
  const { section } = await openSection();
  await within(section).findByText('Coletadas', { selector: 'dt' });
  expect(figure(section, 'Coletadas')).toBe('456');
  server.now = { ...NIGHT, collected: 1457 };
  await act(async () => void (await jest.advanceTimersByTimeAsync(DASHBOARD_POLL_MS)));
  expect(figure(section, 'Coletadas')).toBe('1.457');
});

it('adds the photos sent to guests once the event had delivery on, and not before', async () => {
  const server = serveDashboard({
    ...NIGHT,
    delivery: { subscribed: 1200, sent: 480, delivered: 470, failed: 2, capped: 0, capReached: false },
  });
  const { section, unmount } = await openSection();
  await within(section).findByText('Inscritos para receber fotos', { selector: 'dt' });
  expect(figure(section, 'Inscritos para receber fotos')).toBe('1.200');
  expect(figure(section, 'Mensagens enviadas')).toBe('480');
  expect(figure(section, 'Mensagens entregues')).toBe('470');
  expect(figure(section, 'Mensagens que falharam')).toBe('2');
  expect(figure(section, 'Mensagens barradas pelo limite')).toBe('0');

  unmount();
  server.now = NIGHT;
  const again = await openSection();
  await within(again.section).findByText('Aberturas do telão', { selector: 'dt' });
  expect(within(again.section).queryByText('Mensagens enviadas', { selector: 'dt' })).not.toBeInTheDocument();
});

it('says so before the party has a photo', async () => {
  serveDashboard({ ...NIGHT, taken: 0, booths: [], collected: 0, hours: [], top: [] });
  const { section } = await openSection();
  expect(await within(section).findByText('Ainda não há fotos nesta festa.')).toBeInTheDocument();
  expect(within(section).getByText('Nenhuma foto coletada ainda.')).toBeInTheDocument();
  expect(within(section).queryByRole('table', { name: 'Fotos por cabine' })).toBeNull();
});

describe("'Baixar CSV'", () => {
  const { created, downloads } = observeDownloads('blob:numeros');

  it("downloads the server's file, signed in, with the byte order mark a spreadsheet needs", async () => {
    const server = serveDashboard(NIGHT);
    const { user, section } = await openSection();
    await user.click(within(section).getByRole('button', { name: 'Baixar CSV' }));
    await screen.findByRole('button', { name: 'Baixar CSV' });
    expect(downloads).toEqual(['festa_ana-numeros.csv blob:numeros']);
    expect(server.csvTokens).toHaveLength(1);
    expect(server.csvTokens[0]).not.toBeNull();
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await created[0].arrayBuffer());
    expect(csv).toBe('\uFEFFEvento;festa_ana\r\nIndicador;Total\r\nFotos tiradas;1234\r\n');
  });

  it('says so when the file cannot be had', async () => {
    serveDashboard(NIGHT);
    network.use(
      http.get(`${API}/events/festa_ana/numeros/csv`, () =>
        HttpResponse.json(
          { error: 'not_event_owner', message: 'Só quem contratou o evento pode ver isso.' },
          { status: 403 },
        ),
      ),
    );
    const { user, section } = await openSection();
    await user.click(within(section).getByRole('button', { name: 'Baixar CSV' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Não foi possível baixar o CSV: Só quem contratou o evento pode ver isso.',
    );
    expect(downloads).toEqual([]);
  });
});
