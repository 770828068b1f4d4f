import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { FaceSearchStatusReply } from '../../../../contract/wire';
import { DASHBOARD_POLL_MS } from '../../../../src/features/account/dashboardLive';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { ownerOfFestaAna } from '../../../support/ownerDashboard';
import { renderApp } from '../../../support/renderWithProviders';

/**
 * 'Encontre minhas fotos' on the owner's dashboard: off by default, said before it is turned on, and how far the index
 * is.
 */
function serveDashboard(initial: FaceSearchStatusReply) {
  const state = { now: initial, puts: [] as unknown[], gets: 0 };
  network.use(
    ...ownerOfFestaAna(),
    http.get(`${API}/events/festa_ana/impressoras`, () => HttpResponse.json({ printers: [], queued: 0, printing: 0 })),
    http.get(`${API}/events/festa_ana/impressao`, () => HttpResponse.json({ paper: '10x15' })),
    http.get(`${API}/events/festa_ana/telao`, () =>
      HttpResponse.json({ publicId: 'pub-1', key: null, visibility: 'public' }),
    ),
    http.get(`${API}/events/festa_ana/rostos`, () => {
      state.gets += 1;
      return HttpResponse.json(state.now);
    }),
    http.put(`${API}/events/festa_ana/rostos`, async ({ request }) => {
      const body = (await request.json()) as { enabled: boolean };
      state.puts.push(body);
      state.now = body.enabled
        ? { enabled: true, indexed: 0, waiting: 1200, faces: 0 }
        : { enabled: false, indexed: 0, waiting: 0, faces: 0 };
      return HttpResponse.json(state.now);
    }),
  );
  return state;
}

// The dashboard's own clock (a poll every DASHBOARD_POLL_MS), moved by the test, never waited for.
const nextPoll = () => act(async () => void (await jest.advanceTimersByTimeAsync(DASHBOARD_POLL_MS)));

it(`is off by default and says what it does; turned on, it shows the photos waiting and follows them as they are \
indexed`, async () => {
  jest.useFakeTimers({ advanceTimers: true });
  const server = serveDashboard({ enabled: false, indexed: 0, waiting: 0, faces: 0 });
  const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await screen.findByRole('region', { name: 'Encontre minhas fotos' }, { timeout: 10_000 });
  expect(within(section).getByText(/A selfie não é guardada\./)).toBeInTheDocument();
  const toggle = await within(section).findByRole('switch', { name: 'Busca por rosto desligada' });
  expect(toggle).not.toBeChecked();

  await user.click(toggle);
  expect(server.puts).toEqual([{ enabled: true }]);
  expect(await within(section).findByRole('switch', { name: 'Busca por rosto ligada' })).toBeChecked();
  expect(within(section).getByRole('status')).toHaveTextContent(
    '0 fotos analisadas · 1.200 na fila · 0 rostos encontrados',
  );

  // The jobs go on: the counts move by themselves.
  server.now = { enabled: true, indexed: 1200, waiting: 0, faces: 3456 };
  await nextPoll();
  expect(
    await within(section).findByText('1.200 fotos analisadas · 0 na fila · 3.456 rostos encontrados'),
  ).toBeInTheDocument();
  // Nothing waits, and new photos arrive from the booths: the counts still move, without a reload.
  server.now = { enabled: true, indexed: 1200, waiting: 7, faces: 3456 };
  await nextPoll();
  expect(
    await within(section).findByText('1.200 fotos analisadas · 7 na fila · 3.456 rostos encontrados'),
  ).toBeInTheDocument();
  server.now = { enabled: true, indexed: 1207, waiting: 0, faces: 3470 };
  await nextPoll();
  expect(
    await within(section).findByText('1.207 fotos analisadas · 0 na fila · 3.470 rostos encontrados'),
  ).toBeInTheDocument();

  await user.click(within(section).getByRole('switch', { name: 'Busca por rosto ligada' }));
  expect(server.puts).toEqual([{ enabled: true }, { enabled: false }]);
  expect(await within(section).findByRole('switch', { name: 'Busca por rosto desligada' })).not.toBeChecked();
  expect(within(section).getByRole('status')).toHaveTextContent('');
  // Off, nothing moves: nothing is asked, however many polls' time goes by.
  const asked = server.gets;
  for (let poll = 0; poll < 6; poll += 1) await nextPoll();
  expect(server.gets).toBe(asked);
});

afterEach(() => jest.useRealTimers());

it('says so when the server refuses, and the switch stays as the server has it', async () => {
  serveDashboard({ enabled: false, indexed: 0, waiting: 0, faces: 0 });
  network.use(
    http.put(`${API}/events/festa_ana/rostos`, () =>
      HttpResponse.json(
        { error: 'not_event_owner', message: 'Só quem contratou o evento pode mudar isso.' },
        { status: 403 },
      ),
    ),
  );
  const { user } = renderApp('/account?secao=evento', { identity: fakeIdentity({ signedInAs: ANA }) });
  const section = await screen.findByRole('region', { name: 'Encontre minhas fotos' }, { timeout: 10_000 });
  await user.click(await within(section).findByRole('switch', { name: 'Busca por rosto desligada' }));
  expect(await within(section).findByRole('alert')).toHaveTextContent(
    'Não foi possível mudar a busca por rosto: Só quem contratou o evento pode mudar isso.',
  );
  expect(within(section).getByRole('switch', { name: 'Busca por rosto desligada' })).not.toBeChecked();
});
