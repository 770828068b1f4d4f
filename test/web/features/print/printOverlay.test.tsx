import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { PrinterSeen, PrintJobStatus } from '../../../../contract/wire';
import { tick, useFakeClock } from '../../../support/fakeClock';
import { API, mediaFound, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';
import { withSession } from '../../../support/session';

jest.mock('../../../../src/ui/pageReload', () => ({ reloadPage: jest.fn() }));
jest.setTimeout(30_000);

/**
 * The overlay after a print says what the print's status says, at every printer state:
 * never 'é só retirar lá' while the printer is out of paper, jammed or gone.
 */
const photo = '/media/festa_ana/pad/foto-01.jpg';

interface Moment {
  job: PrintJobStatus;
  printer?: PrinterSeen;
  ahead?: number;
}

/** The server: the print's answer and its status both say `now` (the test may change it). */
function printServer(first: Moment) {
  const now = { ...first };
  const reply = (copies: number) => ({
    copies,
    ...(now.printer && { printer: now.printer }),
    ...(now.ahead && { ahead: now.ahead }),
  });
  network.use(
    mediaFound,
    http.get(`${API}/validatePacks/:hashes`, () =>
      HttpResponse.json(["{'PACK5': {'copies': 5, 'bname': 'festa_ana'}}"]),
    ),
    http.get(`${API}/print/:hash/:id`, () => HttpResponse.json({ status: 'queued', ...reply(4) })),
    http.get(`${API}/printStatus/:hash/:request`, () => HttpResponse.json({ status: now.job, ...reply(4) })),
  );
  return now;
}

async function print() {
  const { user } = renderApp(`/collect?id=${photo}`, { preloadedState: withSession({ packs: ['PACK5'] }) });
  await user.click(await screen.findByRole('button', { name: 'Imprimir' }));
  await user.click(
    await within(await screen.findByRole('dialog', { name: 'Imprimir' })).findByRole('button', { name: /PACK5/ }),
  );
  return user;
}

const cases: [string, Moment, string, string, string][] = [
  [
    'ready, first in line',
    { job: 'queued' },
    'Impressão enviada',
    'Sua foto é a próxima da fila da impressora da cabine: retire lá quando ela sair.',
    'Na fila',
  ],
  [
    'ready, behind others',
    { job: 'queued', ahead: 3 },
    'Impressão enviada',
    'Sua foto está na fila da impressora da cabine, com 3 impressões antes da sua: retire lá quando ela sair.',
    'Na fila: 3 impressões antes da sua',
  ],
  [
    'printing',
    { job: 'printing' },
    'Imprimindo sua foto',
    'Sua foto está saindo na impressora da cabine: é só retirar lá.',
    'Imprimindo',
  ],
  [
    'out of paper',
    { job: 'queued', printer: 'out_of_paper' },
    'Impressão na fila',
    'Sua foto está guardada na fila. A impressora está sem papel: sua foto sai assim que ela voltar.',
    'A impressora está sem papel: sua foto sai assim que ela voltar',
  ],
  [
    'out of ink',
    { job: 'queued', printer: 'out_of_ink' },
    'Impressão na fila',
    'Sua foto está guardada na fila. A impressora está sem tinta: sua foto sai assim que ela voltar.',
    'A impressora está sem tinta: sua foto sai assim que ela voltar',
  ],
  [
    'jammed',
    { job: 'queued', printer: 'jammed' },
    'Impressão na fila',
    'Sua foto está guardada na fila. A impressora está com papel atolado: sua foto sai assim que ela voltar.',
    'A impressora está com papel atolado: sua foto sai assim que ela voltar',
  ],
  [
    'offline while printing it',
    { job: 'printing', printer: 'offline' },
    'Impressão na fila',
    'Sua foto está guardada na fila. A impressora está sem conexão: sua foto sai assim que ela voltar.',
    'A impressora está sem conexão: sua foto sai assim que ela voltar',
  ],
  [
    'printed',
    { job: 'printed' },
    'Foto impressa',
    'Sua foto saiu na impressora da cabine: é só retirar lá.',
    'Impresso',
  ],
  [
    'failed',
    { job: 'failed' },
    'A impressão falhou',
    'A impressora não conseguiu imprimir sua foto: sua cópia voltou para o pack.',
    'Falhou: sua cópia voltou para o pack',
  ],
];

describe('the print overlay', () => {
  afterEach(() => jest.useRealTimers());

  it.each(cases)(
    '%s: the overlay and the status beside the icon say the same',
    async (_name, moment, title, detail, short) => {
      printServer(moment);
      await print();
      const overlay = await screen.findByRole('dialog', { name: title });
      expect(await within(overlay).findByText(detail)).toBeInTheDocument();
      expect(within(overlay).getByText('Restam 4 cópias no seu pack.')).toBeInTheDocument();
      // Only a print that is or was on paper tells the guest to go and pick it up.
      if (moment.printer || moment.job === 'queued' || moment.job === 'failed')
        expect(overlay).not.toHaveTextContent('é só retirar lá');
      // The line beside the print icon, under the overlay, says the same moment.
      const status = document.querySelector('.print__status');
      expect(status).toHaveTextContent(`Impressão: ${short}.`);
    },
  );

  it('follows the printer while it is open: the paper runs out, then comes back', async () => {
    // The widget's own clock (a status poll every 3 s, PrintWidget's PRINT_STATUS_POLL_MS), moved by the test.
    useFakeClock();
    const nextPoll = () => tick(3_000);
    const now = printServer({ job: 'queued' });
    await print();
    expect(await screen.findByRole('dialog', { name: 'Impressão enviada' })).toBeInTheDocument();
    now.printer = 'out_of_paper';
    await nextPoll();
    const waiting = await screen.findByRole('dialog', { name: 'Impressão na fila' });
    expect(within(waiting).getByText(/A impressora está sem papel/)).toBeInTheDocument();
    now.printer = undefined;
    now.job = 'printing';
    await nextPoll();
    expect(await screen.findByRole('dialog', { name: 'Imprimindo sua foto' })).toBeInTheDocument();
  });
});
