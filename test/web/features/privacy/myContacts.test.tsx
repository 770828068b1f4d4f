import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MyContactsReply } from '../../../../contract/wire';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

/**
 * The privacy page's 'Contatos para receber fotos' (docs/privacy.md#guests-contacts): what this browser
 * left, and 'Retirar consentimento', which deletes it on the server and says so.
 */
const AGENT = 'k3j9x2a1b0q8w7e6r5t4';
const LEFT: MyContactsReply = [
  {
    bname: 'festa_ana',
    title: 'Festa da Ana',
    name: 'Bia',
    whatsapp: '+5511987654321',
    email: null,
    leftAt: '2026-09-20T23:30:00.000Z',
    expiresAt: '2026-12-19T23:30:00.000Z',
  },
];
const SUMMARY = { collection: 0, packs: 0, events: 0, faces: 0, results: 0, grants: 1, orders: 0 };

function serve(withdrawal: () => Response = () => HttpResponse.json({ removed: 1 })) {
  const withdrawn: string[] = [];
  let mine = LEFT;
  network.use(
    http.get(`${API}/privacy/data/:agent`, () => HttpResponse.json(SUMMARY)),
    http.get(`${API}/privacy/contacts/:agent`, ({ params }) => HttpResponse.json(params.agent === AGENT ? mine : [])),
    http.delete(`${API}/privacy/contacts/:agent/:bname`, ({ params }) => {
      withdrawn.push(`${String(params.agent)} ${String(params.bname)}`);
      const answer = withdrawal();
      if (answer.status === 200) mine = [];
      return answer;
    }),
  );
  return withdrawn;
}

const open = () => renderApp('/privacidade', { preloadedState: withSession({ agent: AGENT }) });

it('lists the contacts this browser left, and withdraws one at once', async () => {
  const withdrawn = serve();
  const { user } = open();
  const section = await screen.findByRole('region', { name: 'Contatos para receber fotos' });
  expect(await within(section).findByText(/Bia, \+55 \(11\) 98765-4321\. Guardado até 19\/12\/2026/)).toBeVisible();
  await user.click(within(section).getByRole('button', { name: 'Retirar consentimento de Festa da Ana' }));
  expect(withdrawn).toEqual([`${AGENT} festa_ana`]);
  expect(await within(section).findByText('Você não deixou contato em nenhum evento.')).toBeVisible();
  expect(within(section).getByRole('status')).toHaveTextContent(
    'Consentimento retirado: seu contato em Festa da Ana foi apagado.',
  );
});

it('says so when the withdrawal fails, and keeps showing the contact', async () => {
  serve(() => HttpResponse.json({ error: 'boom', message: 'Tente de novo daqui a pouco.' }, { status: 429 }));
  const { user } = open();
  const section = await screen.findByRole('region', { name: 'Contatos para receber fotos' });
  await user.click(await within(section).findByRole('button', { name: 'Retirar consentimento de Festa da Ana' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent(
    'Não foi possível retirar o consentimento: Tente de novo daqui a pouco.',
  );
  expect(within(section).getByText(/Bia, \+55 \(11\) 98765-4321/)).toBeVisible();
});
