import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TeamEvent } from '../../../../contract/wire';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

/**
 * The team's events: the team finds any event and opens, from its account, the tools its
 * owner has: who sees it, its wall, its printers.
 */
const BIA: TeamEvent = {
  name: 'casamento_bia',
  title: 'Casamento da Bia',
  publicId: 'pub-bia-123',
  visibility: 'private',
  ownerEmail: 'bia@example.com',
  suspended: false,
  media: 1234,
  createdAt: '2026-11-20T15:00:00.000Z',
};
const ANTIGA: TeamEvent = {
  ...BIA,
  name: 'festa_antiga',
  title: '',
  publicId: 'pub-antiga-1',
  visibility: 'public',
  ownerEmail: '',
  suspended: true,
  media: 1,
};

function serveTeam({ team = true } = {}) {
  const searches: string[] = [];
  const printersAsked: string[] = [];
  network.use(
    http.get(`${API}/account`, () =>
      HttpResponse.json({
        email: ANA.email,
        displayName: 'Ana',
        photoURL: '',
        partner: '',
        events: [],
        transactions: [],
      }),
    ),
    http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
    http.get(`${API}/load_events`, () => HttpResponse.json([])),
    http.get(`${API}/check_team`, () => HttpResponse.text(team ? 'ok' : 'no')),
    http.get(`${API}/team/events`, ({ request }) => {
      const search = new URL(request.url).searchParams.get('busca') ?? '';
      searches.push(search);
      return HttpResponse.json(
        search === ''
          ? [BIA, ANTIGA]
          : [BIA, ANTIGA].filter((event) => event.name.includes(search) || event.title.includes(search)),
      );
    }),
    http.get(`${API}/events/:bname/telao`, ({ params }) =>
      HttpResponse.json({
        publicId: params.bname === BIA.name ? BIA.publicId : ANTIGA.publicId,
        key: null,
        visibility: params.bname === BIA.name ? 'private' : 'public',
      }),
    ),
    http.get(`${API}/events/:bname/impressoras`, ({ params }) => {
      printersAsked.push(String(params.bname));
      return HttpResponse.json({
        printers: [{ device: 'impressora-1', name: 'Impressora', state: 'jammed', seenAt: '2026-11-20T15:00:00.000Z' }],
        queued: 2,
        printing: 0,
      });
    }),
    http.get(`${API}/events/:bname/impressao`, () => HttpResponse.json({ paper: '10x15' })),
    http.get(`${API}/events/:bname/access`, () => HttpResponse.json({ agents: 3, accounts: 2 })),
  );
  return { searches, printersAsked };
}

it(`lists every event for the team with its owner, visibility, date and media, and asks nothing of an event until it \
is opened`, async () => {
  const { printersAsked } = serveTeam();
  const { user } = renderApp('/account', { identity: fakeIdentity({ signedInAs: ANA }) });
  await user.click(await screen.findByRole('button', { name: 'Eventos da equipe' }, { timeout: 10_000 }));
  const list = await screen.findByRole('list', { name: 'Eventos da equipe' });
  const items = await within(list).findAllByRole('listitem');
  expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
    'Casamento da Bia',
    'festa_antiga',
  ]);
  expect(items[0]).toHaveTextContent(
    'casamento_bia · Privado · de bia@example.com · criado em 20/11/2026 · 1.234 fotos e vídeos',
  );
  expect(items[1]).toHaveTextContent(
    'festa_antiga · Público · sem conta de cliente · criado em 20/11/2026 · 1 foto ou vídeo',
  );
  expect(within(items[1]).getByRole('note')).toHaveTextContent('Evento suspenso');
  expect(within(items[0]).queryByRole('note')).toBeNull();
  expect(within(items[0]).queryByRole('region', { name: 'Telão' })).toBeNull();
  expect(printersAsked).toEqual([]);
});

it("opens an event's wall, printers and access from the list, one event at a time", async () => {
  const { printersAsked } = serveTeam();
  const { user } = renderApp('/account?secao=eventos', { identity: fakeIdentity({ signedInAs: ANA }) });
  const list = await screen.findByRole('list', { name: 'Eventos da equipe' }, { timeout: 10_000 });
  const [bia, antiga] = await within(list).findAllByRole('listitem');
  const toggle = within(bia).getByRole('button', { name: 'Telão e impressão' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const wall = await within(bia).findByRole('region', { name: 'Telão' });
  expect(within(wall).getByRole('link', { name: 'Abrir o telão' })).toHaveAttribute(
    'href',
    '/telao?evento=pub-bia-123',
  );
  const printing = within(bia).getByRole('region', { name: 'Impressão' });
  expect(await within(printing).findByText('Na fila: 2 · Imprimindo: 0')).toBeInTheDocument();
  // Its jammed printer is an alert at the top of the event's tools, named, with the prints waiting.
  expect(within(bia).getByRole('alert')).toHaveTextContent('Impressora parou: papel atolado.2 impressões esperando.');
  expect(printersAsked).toEqual(['casamento_bia']);
  // The private event's access to guests is there too; the public one has none to take.
  expect(within(bia).getByRole('radio', { name: 'Privado' })).toBeChecked();
  expect(await within(bia).findByRole('region', { name: 'Convidados com acesso a casamento_bia' })).toHaveTextContent(
    '3 aparelhos e 2 contas',
  );

  await user.click(within(antiga).getByRole('button', { name: 'Telão e impressão' }));
  expect(await within(antiga).findByRole('region', { name: 'Telão' })).toBeInTheDocument();
  expect(within(antiga).queryByRole('region', { name: /Convidados com acesso/ })).toBeNull();
  expect(within(bia).queryByRole('region', { name: 'Telão' })).toBeNull();
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
});

it('finds an event by the search, and says so kindly when none matches', async () => {
  const { searches } = serveTeam();
  const { user } = renderApp('/account?secao=eventos', { identity: fakeIdentity({ signedInAs: ANA }) });
  const search = await screen.findByRole(
    'searchbox',
    { name: 'Buscar por nome, título ou e-mail do cliente' },
    { timeout: 10_000 },
  );
  await user.type(search, '  Bia ');
  await user.click(screen.getByRole('button', { name: 'Buscar' }));
  expect(await screen.findByText('1 evento encontrado para “Bia”.')).toBeInTheDocument();
  expect(within(screen.getByRole('list', { name: 'Eventos da equipe' })).getAllByRole('listitem')).toHaveLength(1);
  await user.clear(search);
  await user.type(search, 'ninguém{Enter}');
  expect(await screen.findByText('Nenhum evento encontrado para “ninguém”.')).toBeInTheDocument();
  expect(searches).toEqual(['', 'Bia', 'ninguém']);
});

it('is not offered to a guest: the section opens the home instead', async () => {
  serveTeam({ team: false });
  renderApp('/account?secao=eventos', { identity: fakeIdentity({ signedInAs: ANA }) });
  expect(await screen.findByRole('heading', { name: 'Olá, Ana!' }, { timeout: 10_000 })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Eventos da equipe' })).toBeNull();
  expect(screen.queryByRole('list', { name: 'Eventos da equipe' })).toBeNull();
});
