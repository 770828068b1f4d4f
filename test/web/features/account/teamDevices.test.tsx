import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TeamDevice } from '../../../../contract/wire';
import { TEAM_DEVICES_LIVE } from '../../../../src/features/team/teamDevicesApi';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

const CAMERA: TeamDevice = { id: 'cabine-pad', kind: 'booth', event: 'festa_ana', mode: 'pad', hasKey: true };
const PRINTER: TeamDevice = { id: 'impressora-1', kind: 'printer', event: 'festa_ana', mode: '', hasKey: false };
const NEW_KEY = 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdl';

/** A signed-in account (team or not); the devices are kept, and keys made, as the server would. */
function serve({ team, makeStatus = 200 }: { team: 'ok' | 'no'; makeStatus?: number }) {
  const state = { devices: [CAMERA, PRINTER], listed: 0, made: [] as { id: string; token: string | null }[] };
  network.use(
    http.get(`${API}/account`, () =>
      HttpResponse.json({
        email: ANA.email,
        displayName: 'Ana Souza',
        photoURL: '',
        partner: '',
        events: [],
        transactions: [],
        collection: [],
        packs: [],
      }),
    ),
    http.get(`${API}/load_transactions`, () => HttpResponse.json([])),
    http.get(`${API}/load_events`, () => HttpResponse.json([])),
    http.get(`${API}/check_team`, () => HttpResponse.text(team)),
    http.get(`${API}/team/devices`, () => {
      state.listed += 1;
      return HttpResponse.json(state.devices);
    }),
    http.post(`${API}/team/devices/:id/key`, ({ request, params }) => {
      state.made.push({ id: String(params.id), token: request.headers.get('idToken') });
      if (makeStatus !== 200)
        return HttpResponse.json(
          { error: 'device_not_found', message: 'Dispositivo não encontrado.' },
          { status: makeStatus },
        );
      state.devices = state.devices.map((d) => (d.id === params.id ? { ...d, hasKey: true } : d));
      return HttpResponse.json({ id: params.id, key: NEW_KEY });
    }),
  );
  return state;
}

const signedIn = () => ({ identity: fakeIdentity({ signedInAs: ANA }) });
const device = (id: string) => screen.getByRole('listitem', { name: id });

async function openDevices(server: ReturnType<typeof serve>) {
  const view = renderApp('/account', signedIn());
  await view.user.click(
    await within(await screen.findByRole('navigation', { name: 'Minha conta' })).findByRole('button', {
      name: 'Dispositivos',
    }),
  );
  expect(screen.getByRole('heading', { level: 2, name: 'Dispositivos' })).toBeInTheDocument();
  await screen.findByRole('listitem', { name: CAMERA.id });
  expect(server.listed).toBe(1);
  return view;
}

describe("the team's devices", () => {
  afterEach(() => jest.useRealTimers());

  it('lists every device: what it is, its event, whether it has a key', async () => {
    const server = serve({ team: 'ok' });
    await openDevices(server);
    expect(device('cabine-pad')).toHaveTextContent('Cabine Pad · evento festa_ana · com chave');
    expect(device('impressora-1')).toHaveTextContent('Impressora · evento festa_ana · sem chave: não se conecta');
  });

  it(`alerts the team the moment a printer stops, named as its event names it, with the prints waiting, and clears \
when it is ready`, async () => {
    // The list's own clock (a poll every TEAM_DEVICES_LIVE.pollingInterval), moved by the test, never waited for.
    jest.useFakeTimers({ advanceTimers: true });
    const nextPoll = () =>
      act(async () => void (await jest.advanceTimersByTimeAsync(TEAM_DEVICES_LIVE.pollingInterval)));
    const server = serve({ team: 'ok' });
    const printer = (state: NonNullable<TeamDevice['printer']>['state'], waiting: number): TeamDevice => ({
      ...PRINTER,
      printer: { name: 'Impressora', eventTitle: 'Festa da Ana', state, waiting, seenAt: new Date().toISOString() },
    });
    server.devices = [CAMERA, printer('ready', 0)];
    await openDevices(server);
    expect(device('impressora-1')).toHaveTextContent(
      'Impressora · evento festa_ana · sem chave: não se conecta · Pronta',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // It jams: the alert arrives without a reload.
    server.devices = [CAMERA, printer('jammed', 3)];
    await nextPoll();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Festa da Ana: Impressora parou: papel atolado.3 impressões esperando.');
    expect(alert).not.toHaveTextContent('impressora-1');
    expect(alert).toHaveClass('printer-alert');
    expect(within(device('impressora-1')).getByText('Papel atolado')).toHaveClass('printer-state--stopped');
    expect(within(device('impressora-1')).queryByText('Pronta')).not.toBeInTheDocument();

    // Ready again: the alert goes.
    server.devices = [CAMERA, printer('ready', 0)];
    await nextPoll();
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(within(device('impressora-1')).getByText('Pronta')).not.toHaveClass('printer-state--stopped');
  });

  it('makes a new key after a second look, with the team member’s token, and shows it once', async () => {
    const server = serve({ team: 'ok' });
    const { user } = await openDevices(server);

    await user.click(within(device('impressora-1')).getByRole('button', { name: 'Gerar nova chave' }));
    const dialog = screen.getByRole('dialog', { name: 'Gerar nova chave' });
    expect(dialog).toHaveTextContent('A chave atual de impressora-1 para de funcionar na hora');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(server.made).toEqual([]);

    await user.click(within(device('impressora-1')).getByRole('button', { name: 'Gerar nova chave' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Gerar nova chave' })).getByRole('button', { name: 'Sim, gerar' }),
    );
    const field = await screen.findByLabelText('Nova chave de impressora-1');
    expect(field).toHaveValue(NEW_KEY);
    expect(screen.getByText('Guarde agora e configure no dispositivo: ela não aparece de novo.')).toBeInTheDocument();
    expect(server.made).toEqual([{ id: 'impressora-1', token: expect.stringMatching(/^token-/) }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list is asked again: the printer has a key now.
    expect(await within(device('impressora-1')).findByText(/com chave/)).toBeInTheDocument();
    // (and again every few seconds while the list is open: its printers' states move by themselves)
    expect(server.listed).toBeGreaterThanOrEqual(2);

    // Asking for another device's key puts the shown one away.
    await user.click(within(device('cabine-pad')).getByRole('button', { name: 'Gerar nova chave' }));
    expect(screen.queryByLabelText('Nova chave de impressora-1')).not.toBeInTheDocument();
  });

  it("shows the server's refusal, and no key", async () => {
    const server = serve({ team: 'ok', makeStatus: 404 });
    const { user } = await openDevices(server);
    await user.click(within(device('cabine-pad')).getByRole('button', { name: 'Gerar nova chave' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sim, gerar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Não foi possível gerar a chave de cabine-pad: Dispositivo não encontrado.',
    );
    expect(screen.queryByLabelText(/Nova chave/)).not.toBeInTheDocument();
  });

  it('is not offered to an account outside the team, even by its address', async () => {
    serve({ team: 'no' });
    renderApp('/account?secao=dispositivos', signedIn());
    const sidebar = await screen.findByRole('navigation', { name: 'Minha conta' });
    await within(sidebar).findByRole('button', { name: 'Home' });
    expect(within(sidebar).queryByRole('button', { name: 'Dispositivos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dispositivos' })).not.toBeInTheDocument();
  });
});
