import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { MyDeliveriesReply } from '../../../../contract/wire';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

/**
 * The privacy page's 'Fotos por WhatsApp ou e-mail' (docs/privacy.md): what this browser asked to receive, every
 * message sent with its date, and 'Apagar', which erases the subscription and its messages on the server and says so.
 */
const AGENT = 'k3j9x2a1b0q8w7e6r5t4';
const MINE: MyDeliveriesReply = [
  {
    bname: 'festa_ana',
    title: 'Festa da Ana',
    stopped: false,
    name: 'Bia',
    channel: 'whatsapp',
    address: '+5511987654321',
    subscribedAt: '2026-09-20T23:30:00.000Z',
    until: '2026-12-19T23:30:00.000Z',
    messages: [
      { kind: 'photos', photos: 1, status: 'delivered', at: '2026-09-21T00:05:00.000Z' },
      { kind: 'photos', photos: 4, status: 'failed', at: '2026-09-21T00:40:00.000Z' },
      { kind: 'event_end', photos: 0, status: 'sent', at: '2026-09-21T05:00:00.000Z' },
    ],
  },
  {
    bname: 'casamento',
    title: 'Casamento',
    stopped: false,
    name: 'Bia',
    channel: 'email',
    address: 'bia@exemplo.com',
    subscribedAt: '2026-10-03T20:00:00.000Z',
    until: '2027-01-01T20:00:00.000Z',
    messages: [],
  },
  {
    bname: 'formatura',
    title: 'Formatura',
    stopped: true,
    stoppedAt: '2026-10-10T02:15:00.000Z',
    messages: [{ kind: 'photos', photos: 2, status: 'delivered', at: '2026-10-10T01:00:00.000Z' }],
  },
];
const SUMMARY = { collection: 0, packs: 0, events: 0, faces: 0, results: 0, grants: 1, orders: 0 };

function serve(erasure: () => Response = () => HttpResponse.json({ removed: 1 })) {
  const erased: string[] = [];
  let mine = MINE;
  network.use(
    http.get(`${API}/privacy/data/:agent`, () => HttpResponse.json(SUMMARY)),
    http.get(`${API}/privacy/entregas/:agent`, ({ params }) => HttpResponse.json(params.agent === AGENT ? mine : [])),
    http.delete(`${API}/privacy/entregas/:agent/:bname`, ({ params }) => {
      erased.push(`${String(params.agent)} ${String(params.bname)}`);
      const answer = erasure();
      if (answer.status === 200) mine = mine.filter((one) => one.bname !== params.bname);
      return answer;
    }),
  );
  return erased;
}

const open = () => renderApp('/privacidade', { preloadedState: withSession({ agent: AGENT }) });

it('lists each subscription, where it sends and until when, and every message with its date', async () => {
  serve();
  open();
  const section = await screen.findByRole('region', { name: 'Fotos por WhatsApp ou e-mail' });
  expect(
    await within(section).findByText(
      /Bia, WhatsApp \+55 \(11\) 98765-4321\. Pedido em 20\/09\/2026, 20:30, até 19\/12\/2026/,
    ),
  ).toBeVisible();
  const messages = within(section).getByRole('list', { name: 'Mensagens de Festa da Ana' });
  expect(
    within(messages)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    '20/09/2026, 21:05: 1 foto, entregue',
    '20/09/2026, 21:40: 4 fotos, não foi entregue',
    '21/09/2026, 02:00: a mensagem do fim do evento, enviada',
  ]);
  expect(within(section).getByText(/Bia, e-mail bia@exemplo\.com\. Pedido em 03\/10\/2026, 17:00/)).toBeVisible();
  expect(within(section).getByText('Nenhuma mensagem enviada ainda.')).toBeVisible();
});

it("erases one event's subscription and its messages at once, and says so", async () => {
  const erased = serve();
  const { user } = open();
  const section = await screen.findByRole('region', { name: 'Fotos por WhatsApp ou e-mail' });
  await user.click(await within(section).findByRole('button', { name: 'Apagar o envio de fotos de Festa da Ana' }));
  expect(erased).toEqual([`${AGENT} festa_ana`]);
  expect(await within(section).findByRole('status')).toHaveTextContent(
    'Apagado: você não recebe mais as fotos de Festa da Ana.',
  );
  expect(within(section).queryByRole('list', { name: 'Mensagens de Festa da Ana' })).not.toBeInTheDocument();
  expect(within(section).getByRole('button', { name: 'Apagar o envio de fotos de Casamento' })).toBeInTheDocument();
});

it('says so when the erasure fails, and keeps showing the subscription', async () => {
  serve(() => HttpResponse.json({ error: 'rate_limited', message: 'Tente de novo daqui a pouco.' }, { status: 429 }));
  const { user } = open();
  const section = await screen.findByRole('region', { name: 'Fotos por WhatsApp ou e-mail' });
  await user.click(await within(section).findByRole('button', { name: 'Apagar o envio de fotos de Festa da Ana' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent(
    'Não foi possível apagar: Tente de novo daqui a pouco.',
  );
  expect(within(section).getByRole('list', { name: 'Mensagens de Festa da Ana' })).toBeVisible();
});

it("lists an event whose sending was stopped, with the stop's date and its messages; 'Apagar' erases", async () => {
  const erased = serve();
  const { user } = open();
  const section = await screen.findByRole('region', { name: 'Fotos por WhatsApp ou e-mail' });
  expect(
    await within(section).findByText(/: você parou de receber em 09\/10\/2026, 23:15\. Nada mais será enviado/),
  ).toBeVisible();
  const messages = within(section).getByRole('list', { name: 'Mensagens de Formatura' });
  expect(within(messages).getByRole('listitem')).toHaveTextContent('09/10/2026, 22:00: 2 fotos, entregue');
  await user.click(within(section).getByRole('button', { name: 'Apagar o envio de fotos de Formatura' }));
  expect(erased).toEqual([`${AGENT} formatura`]);
  expect(await within(section).findByRole('status')).toHaveTextContent('Apagado');
  expect(within(section).queryByRole('list', { name: 'Mensagens de Formatura' })).not.toBeInTheDocument();
});

it('says when nothing was asked for', async () => {
  network.use(http.get(`${API}/privacy/data/:agent`, () => HttpResponse.json(SUMMARY)));
  open();
  const section = await screen.findByRole('region', { name: 'Fotos por WhatsApp ou e-mail' });
  expect(await within(section).findByText('Você não pediu para receber fotos de nenhum evento.')).toBeVisible();
});
