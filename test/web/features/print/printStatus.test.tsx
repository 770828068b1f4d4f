import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { memoryOutboxStore, offlineQueueFlushRequested } from '../../../../src/session/outbox';
import type { PrinterSeen, PrintJobStatus } from '../../../../contract/wire';
import { reloadPage } from '../../../../src/ui/pageReload';
import { tick, useFakeClock } from '../../../support/fakeClock';
import { API, mediaFound, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

jest.mock('../../../../src/ui/pageReload', () => ({ reloadPage: jest.fn() }));
jest.setTimeout(30_000);

const photo = '/media/festa_ana/pad/foto-01.jpg';
const PENDING = 'Impressão pendente: será enviada quando a conexão voltar';
/** How often the widget asks for a followed print's status (PrintWidget's PRINT_STATUS_POLL_MS). */
const POLL_MS = 3_000;
// The widget's own clock, moved by the test, never waited for.
const nextPoll = () => tick(POLL_MS);

beforeEach(() => {
  useFakeClock();
  network.use(
    mediaFound,
    http.get(`${API}/validatePacks/:hashes`, () =>
      HttpResponse.json(["{'PACK5': {'copies': 5, 'bname': 'festa_ana'}}"]),
    ),
  );
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

/** A print server: each print spends a copy (once per request id); the printer's progress is set by the test. */
function printServer() {
  const spent = new Map<string, number>();
  let copies = 5;
  const state = {
    job: 'queued' as PrintJobStatus,
    printer: undefined as PrinterSeen | undefined,
    copies: () => copies,
    giveBack: () => (copies += 1),
    statusCalls: 0,
    prints: [] as string[],
  };
  network.use(
    http.get(`${API}/print/:hash/:id`, ({ request }) => {
      const id = new URL(request.url).searchParams.get('request') ?? '';
      state.prints.push(id);
      if (!spent.has(id)) spent.set(id, (copies -= 1));
      return HttpResponse.json({ status: 'queued', copies: spent.get(id) });
    }),
    http.get(`${API}/printStatus/:hash/:request`, ({ params }) => {
      state.statusCalls += 1;
      if (!spent.has(String(params.request)))
        return HttpResponse.json(
          { error: 'print_request_not_found', message: 'Pedido de impressão não encontrado.' },
          { status: 404 },
        );
      return HttpResponse.json({ status: state.job, copies, ...(state.printer ? { printer: state.printer } : {}) });
    }),
  );
  return state;
}

async function printWithPack5(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Imprimir' }));
  const dialog = await screen.findByRole('dialog', { name: 'Imprimir' });
  await user.click(await within(dialog).findByRole('button', { name: /PACK5/ }));
}

describe("the guest's print status", () => {
  it(`says when the printer is down that the photo comes out once it is back, and that a failed print gave its copy \
back`, async () => {
    const server = printServer();
    server.printer = 'out_of_paper';
    const { user } = renderApp(`/collect?id=${photo}`, { preloadedState: withSession({ packs: ['PACK5'] }) });
    await printWithPack5(user);
    // The overlay says it too, not that the photo is there to pick up.
    const overlay = await screen.findByRole('dialog', { name: 'Impressão na fila' });
    await user.click(within(overlay).getByRole('button', { name: 'Fechar' }));
    expect(
      await screen.findByText('A impressora está sem papel: sua foto sai assim que ela voltar'),
    ).toBeInTheDocument();

    server.printer = 'jammed';
    await nextPoll();
    expect(
      await screen.findByText('A impressora está com papel atolado: sua foto sai assim que ela voltar'),
    ).toBeInTheDocument();
    server.printer = 'offline';
    await nextPoll();
    expect(
      await screen.findByText('A impressora está sem conexão: sua foto sai assim que ela voltar'),
    ).toBeInTheDocument();
    server.printer = 'ready';
    await nextPoll();
    expect(await screen.findByText('Na fila')).toBeInTheDocument();

    // The printer jammed on it: the job failed, and its copy is back on the pack.
    server.job = 'failed';
    server.giveBack();
    await nextPoll();
    expect(await screen.findByText('Falhou: sua cópia voltou para o pack')).toBeInTheDocument();
    expect(screen.getByText(/Restam 5 cópias no pack\./)).toBeInTheDocument();
  });

  it(`follows the job from 'Na fila' to 'Imprimindo' to 'Impresso' with the copies left, then stops \
asking`, async () => {
    const server = printServer();
    const { user } = renderApp(`/collect?id=${photo}`, { preloadedState: withSession({ packs: ['PACK5'] }) });
    await printWithPack5(user);
    const overlay = await screen.findByRole('dialog', { name: 'Impressão enviada' });
    await user.click(within(overlay).getByRole('button', { name: 'Fechar' }));
    expect(reloadPage).toHaveBeenCalled();

    expect(await screen.findByText('Na fila')).toBeInTheDocument();
    expect(screen.getByText(/Restam 4 cópias no pack\./)).toBeInTheDocument();
    // Queued: a second tap asks first, and says why; cancelling prints nothing.
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Imprimir outra cópia?' });
    expect(
      within(confirm).getByText(
        'Esta foto já está a caminho da impressora. Outra impressão usa mais uma cópia do seu pack.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));

    server.job = 'printing';
    await nextPoll();
    expect(await screen.findByText('Imprimindo')).toBeInTheDocument();
    // The printer that took it went quiet mid-batch: the guest is told, not left on 'Imprimindo'.
    server.printer = 'offline';
    await nextPoll();
    expect(
      await screen.findByText('A impressora está sem conexão: sua foto sai assim que ela voltar'),
    ).toBeInTheDocument();
    server.printer = undefined;
    await nextPoll();
    expect(await screen.findByText('Imprimindo')).toBeInTheDocument();

    server.job = 'printed';
    await nextPoll();
    expect(await screen.findByText('Impresso')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
    const calls = server.statusCalls;
    await tick(POLL_MS * 2);
    expect(server.statusCalls).toBe(calls);
    expect(server.prints).toHaveLength(1);
  });

  it('says a failed print gave its copy back, stops asking, and prints again without a confirmation', async () => {
    const server = printServer();
    const { user } = renderApp(`/collect?id=${photo}`, { preloadedState: withSession({ packs: ['PACK5'] }) });
    await printWithPack5(user);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Impressão enviada' })).getByRole('button', { name: 'Fechar' }),
    );
    expect(await screen.findByText('Na fila')).toBeInTheDocument();

    server.job = 'failed';
    await nextPoll();
    expect(await screen.findByText('Falhou: sua cópia voltou para o pack')).toBeInTheDocument();
    const calls = server.statusCalls;
    await tick(POLL_MS * 2);
    expect(server.statusCalls).toBe(calls);
    // Nothing is on its way: a tap opens the packs at once.
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(await screen.findByRole('dialog', { name: 'Imprimir' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Imprimir outra cópia?' })).not.toBeInTheDocument();
  });

  it('lets the guest ask for another copy while the first is still queued, after a confirmation', async () => {
    const server = printServer();
    const { user } = renderApp(`/collect?id=${photo}`, { preloadedState: withSession({ packs: ['PACK5'] }) });
    await printWithPack5(user);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Impressão enviada' })).getByRole('button', { name: 'Fechar' }),
    );
    expect(await screen.findByText('Na fila')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Imprimir outra cópia?' })).getByRole('button', {
        name: 'Imprimir outra cópia',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Imprimir' });
    await user.click(await within(dialog).findByRole('button', { name: /PACK5/ }));
    await screen.findByRole('dialog', { name: 'Impressão enviada' });
    expect(server.prints).toHaveLength(2);
    expect(server.prints[1]).not.toBe(server.prints[0]);
  });

  it('asks before printing an image that was printed already; cancelling prints nothing', async () => {
    const server = printServer();
    server.job = 'printed';
    const { user } = renderApp(`/collect?id=${photo}`, { preloadedState: withSession({ packs: ['PACK5'] }) });
    await printWithPack5(user);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Foto impressa' })).getByRole('button', { name: 'Fechar' }),
    );
    await screen.findByText('Impresso');

    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    let confirm = await screen.findByRole('dialog', { name: 'Imprimir outra cópia?' });
    expect(
      within(confirm).getByText('Esta foto já foi impressa. Outra impressão usa mais uma cópia do seu pack.'),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.prints).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    confirm = await screen.findByRole('dialog', { name: 'Imprimir outra cópia?' });
    await user.click(within(confirm).getByRole('button', { name: 'Imprimir outra cópia' }));
    const dialog = await screen.findByRole('dialog', { name: 'Imprimir' });
    await user.click(await within(dialog).findByRole('button', { name: /PACK5/ }));
    await screen.findByRole('dialog', { name: 'Foto impressa' });
    expect(server.prints).toHaveLength(2);
    expect(server.prints[1]).not.toBe(server.prints[0]);
  });

  it(`offline, queues the print without trying, shows it pending, and sends it once when the connection \
returns`, async () => {
    const server = printServer();
    const online = jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user, store } = renderApp(`/collect?id=${photo}`, { preloadedState: withSession({ packs: ['PACK5'] }) });
    await printWithPack5(user);
    expect(await screen.findByText(PENDING)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Waiting for the connection: another copy only after a confirmation that says so.
    await user.click(screen.getByRole('button', { name: 'Imprimir' }));
    const confirm = await screen.findByRole('dialog', { name: 'Imprimir outra cópia?' });
    expect(
      within(confirm).getByText(
        'Esta foto já espera a conexão para ser impressa. Outra impressão usa mais uma cópia do seu pack.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancelar' }));

    online.mockReturnValue(true);
    store.dispatch(offlineQueueFlushRequested());
    expect(await screen.findByText('Na fila')).toBeInTheDocument();
    expect(screen.getByText(/Restam 4 cópias no pack\./)).toBeInTheDocument();
    expect(screen.queryByText(PENDING)).not.toBeInTheDocument();
    expect(server.prints).toHaveLength(1);
  });

  it('survives a reload: a print left waiting goes out with its own id, and a sent one is followed again', async () => {
    const server = printServer();
    const waiting = {
      kind: 'print' as const,
      id: '0b5e6c39-4a6f-4c1e-9d43-6f2b1c7a8e10',
      createdAt: 1,
      attempts: 3,
      nextAttemptAt: Date.now() + 600_000,
      packHash: 'PACK5',
      printId: photo,
    };
    const outbox = memoryOutboxStore({ items: [waiting] });
    // The store reads the queue back at start, as after a reload.
    renderApp(`/collect?id=${photo}`, { outbox, preloadedState: withSession({ packs: ['PACK5'] }) });
    expect(await screen.findByText('Na fila')).toBeInTheDocument();
    expect(server.prints).toEqual([waiting.id]);
    await waitFor(() => expect(outbox.items.size).toBe(0));
    expect([...outbox.prints.values()]).toEqual([
      expect.objectContaining({ requestId: waiting.id, packHash: 'PACK5', printId: photo }),
    ]);
  });

  it('leaves the icon usable and stops asking when the server does not know a followed print', async () => {
    const server = printServer();
    const forgotten = {
      requestId: '9a1c7e52-3b4d-4f6a-8e21-0c5d7f9b2a63',
      packHash: 'PACK5',
      printId: photo,
      sentAt: 1,
    };
    renderApp(`/collect?id=${photo}`, { outbox: memoryOutboxStore({ prints: [forgotten] }) });
    await waitFor(() => expect(server.statusCalls).toBe(1));
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeEnabled();
    await tick(POLL_MS * 2);
    expect(server.statusCalls).toBe(1);
    expect(screen.queryByText('Na fila')).not.toBeInTheDocument();
  });

  it('drops a queued print the server refuses for good, and tells the guest why', async () => {
    network.use(
      http.get(`${API}/print/:hash/:id`, () =>
        HttpResponse.json(
          { error: 'no_copies', message: 'Este pacote não possui cópias suficientes' },
          { status: 409 },
        ),
      ),
    );
    const waiting = {
      kind: 'print' as const,
      id: '7d2f1c39-4a6f-4c1e-9d43-6f2b1c7a8e10',
      createdAt: 1,
      attempts: 0,
      nextAttemptAt: 1,
      packHash: 'PACK5',
      printId: photo,
    };
    const outbox = memoryOutboxStore({ items: [waiting] });
    renderApp(`/collect?id=${photo}`, { outbox });
    await waitFor(() =>
      expect(window.alert).toHaveBeenCalledWith(
        'A impressão que estava pendente não foi feita: Este pacote não possui cópias suficientes',
      ),
    );
    await waitFor(() => expect(outbox.items.size).toBe(0));
    expect(screen.queryByText(PENDING)).not.toBeInTheDocument();
  });
});
