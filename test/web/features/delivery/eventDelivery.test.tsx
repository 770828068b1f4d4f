import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { EventDeliveryReply } from '../../../../contract/wire';
import { DASHBOARD_POLL_MS } from '../../../../src/features/account/dashboardLive';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network, NO_DELIVERY_FIGURES } from '../../../support/network';
import { ownerOfFestaAna } from '../../../support/ownerDashboard';
import { renderApp } from '../../../support/renderWithProviders';

/**
 * 'Fotos por WhatsApp ou e-mail' on the owner's dashboard (docs/product.md#photos-delivered): off by default and said
 * before it is turned on; the cap, with what it means; the figures following the party while it is on; the cap
 * reached, said.
 */
function serveDashboard(initial: EventDeliveryReply) {
  const state = { now: initial, puts: [] as unknown[], gets: 0, ends: 0 };
  network.use(
    ...ownerOfFestaAna(),
    http.get(`${API}/events/festa_ana/entregas`, () => {
      state.gets += 1;
      return HttpResponse.json(state.now);
    }),
    http.put(`${API}/events/festa_ana/entregas`, async ({ request }) => {
      const body = (await request.json()) as { enabled: boolean; cap: number };
      state.puts.push(body);
      state.now = { ...state.now, ...body };
      return HttpResponse.json(state.now);
    }),
    http.post(`${API}/events/festa_ana/entregas/fim`, () => {
      state.ends += 1;
      state.now = { ...state.now, endedAt: '2026-09-21T05:00:00.000Z' };
      return HttpResponse.json(state.now);
    }),
  );
  return state;
}

const nextPoll = () => act(async () => void (await jest.advanceTimersByTimeAsync(DASHBOARD_POLL_MS)));
const openSection = () => screen.findByRole('region', { name: 'Fotos por WhatsApp ou e-mail' }, { timeout: 10_000 });
const figure = (section: HTMLElement, label: string) =>
  within(section).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

afterEach(() => jest.useRealTimers());

it(`is off by default and says what it does; turned on, it follows the figures of the party, and says when the cap \
is reached`, async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const server = serveDashboard({ enabled: false, cap: 500, figures: NO_DELIVERY_FIGURES, endedAt: null });
  const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await openSection();
  expect(section).toHaveTextContent('Desligado, nada é oferecido nem enviado.');
  const toggle = await within(section).findByRole('switch', { name: 'Enviar as fotos aos convidados (desligado)' });
  // Off, nothing moves.
  const asked = server.gets;
  await nextPoll();
  expect(server.gets).toBe(asked);

  await user.click(toggle);
  expect(await within(section).findByRole('switch', { name: 'Enviar as fotos aos convidados (ligado)' })).toBeChecked();
  expect(server.puts).toEqual([{ enabled: true, cap: 500 }]);
  expect(within(section).getByRole('textbox', { name: 'Limite de mensagens neste evento' })).toHaveValue('500');

  server.now = {
    ...server.now,
    figures: { subscribed: 1234, sent: 500, delivered: 480, failed: 3, capped: 17, capReached: true },
  };
  await nextPoll();
  expect(await within(section).findByText(/Limite atingido: as 500 mensagens foram enviadas/)).toBeVisible();
  expect(figure(section, 'Inscritos para receber fotos')).toBe('1.234');
  expect(figure(section, 'Mensagens enviadas')).toBe('500');
  expect(figure(section, 'Mensagens entregues')).toBe('480');
  expect(figure(section, 'Mensagens que falharam')).toBe('3');
  expect(figure(section, 'Mensagens barradas pelo limite')).toBe('17');
});

it('saves the cap typed, and refuses one that is no whole number', async () => {
  const server = serveDashboard({ enabled: true, cap: 500, figures: NO_DELIVERY_FIGURES, endedAt: null });
  const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await openSection();
  const cap = await within(section).findByRole('textbox', { name: 'Limite de mensagens neste evento' });
  expect(cap).toHaveAccessibleDescription(/no WhatsApp cada mensagem tem custo/);

  await user.clear(cap);
  await user.type(cap, '12,5');
  await user.click(within(section).getByRole('button', { name: 'Salvar limite' }));
  expect(within(section).getByRole('alert')).toHaveTextContent('Escreva um número de 0 a 100.000.');
  expect(server.puts).toEqual([]);

  await user.clear(cap);
  await user.type(cap, '2000');
  await user.click(within(section).getByRole('button', { name: 'Salvar limite' }));
  expect(await within(section).findByRole('button', { name: 'Salvar limite' })).toBeDisabled();
  expect(server.puts).toEqual([{ enabled: true, cap: 2000 }]);
  expect(cap).toHaveValue('2000');
  expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
});

it('says so when the server refuses, and the switch stays as the server has it', async () => {
  serveDashboard({ enabled: false, cap: 500, figures: NO_DELIVERY_FIGURES, endedAt: null });
  network.use(
    http.put(`${API}/events/festa_ana/entregas`, () =>
      HttpResponse.json(
        { error: 'not_event_owner', message: 'Só quem contratou o evento pode mudar isso.' },
        { status: 403 },
      ),
    ),
  );
  const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await openSection();
  await user.click(await within(section).findByRole('switch', { name: 'Enviar as fotos aos convidados (desligado)' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent(
    'Não foi possível mudar o envio das fotos: Só quem contratou o evento pode mudar isso.',
  );
  expect(within(section).getByRole('switch', { name: 'Enviar as fotos aos convidados (desligado)' })).not.toBeChecked();
});

it("'Encerrar a festa' asks first, sends the last message once, and then says when the party ended", async () => {
  const server = serveDashboard({ enabled: true, cap: 500, figures: NO_DELIVERY_FIGURES, endedAt: null });
  const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await openSection();
  await user.click(await within(section).findByRole('button', { name: 'Encerrar a festa' }));
  expect(within(section).getByText(/Ela vai uma vez só: não tem como desfazer\./)).toHaveFocus();
  await user.click(within(section).getByRole('button', { name: 'Cancelar' }));
  expect(within(section).getByRole('button', { name: 'Encerrar a festa' })).toHaveFocus();
  expect(server.ends).toBe(0);

  await user.click(within(section).getByRole('button', { name: 'Encerrar a festa' }));
  await user.click(within(section).getByRole('button', { name: 'Sim, encerrar a festa' }));
  expect(await within(section).findByText(/Festa encerrada em 21\/09\/2026, 02:00/)).toHaveFocus();
  expect(server.ends).toBe(1);
  expect(within(section).queryByRole('button', { name: /Encerrar a festa/ })).not.toBeInTheDocument();
});
