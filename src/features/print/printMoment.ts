import type { PrinterSeen, PrintJobStatus, PrintStatusReply } from '../../../contract/wire';

/**
 * What the guest reads of one print, from its job and the printers' state as the server says
 * them (`/print`'s answer at first, `/printStatus` after): the overlay after the tap and the
 * status beside the print icon say the same thing, so neither says more than is true.
 */
export interface PrintMoment {
  /** The overlay's heading and name. */
  title: string;
  /** The overlay's sentence: where the photo is, and what the guest does now. */
  detail: string;
  /** The status line beside the print icon ('Impressão: …'). */
  short: string;
}

/** A print waiting for a printer that is down says why, and that it is not lost. */
const PRINTER_DOWN_TEXT: Record<Exclude<PrinterSeen, 'ready'>, string> = {
  out_of_paper: 'A impressora está sem papel: sua foto sai assim que ela voltar',
  out_of_ink: 'A impressora está sem tinta: sua foto sai assim que ela voltar',
  jammed: 'A impressora está com papel atolado: sua foto sai assim que ela voltar',
  offline: 'A impressora está sem conexão: sua foto sai assim que ela voltar',
};

const ahead = (n: number) =>
  n === 1 ? '1 impressão antes da sua' : `${n.toLocaleString('pt-BR')} impressões antes da sua`;

const DONE: Record<Extract<PrintJobStatus, 'printed' | 'failed'>, PrintMoment> = {
  printed: {
    title: 'Foto impressa',
    detail: 'Sua foto saiu na impressora da cabine: é só retirar lá.',
    short: 'Impresso',
  },
  failed: {
    title: 'A impressão falhou',
    detail: 'A impressora não conseguiu imprimir sua foto: sua cópia voltou para o pack.',
    short: 'Falhou: sua cópia voltou para o pack',
  },
};

export function printMoment(job: Pick<PrintStatusReply, 'status' | 'printer' | 'ahead'>): PrintMoment {
  if (job.status === 'printed' || job.status === 'failed') return DONE[job.status];
  if (job.printer && job.printer !== 'ready') {
    const why = PRINTER_DOWN_TEXT[job.printer];
    return { title: 'Impressão na fila', detail: `Sua foto está guardada na fila. ${why}.`, short: why };
  }
  if (job.status === 'printing')
    return {
      title: 'Imprimindo sua foto',
      detail: 'Sua foto está saindo na impressora da cabine: é só retirar lá.',
      short: 'Imprimindo',
    };
  const before = job.ahead ?? 0;
  return before > 0
    ? {
        title: 'Impressão enviada',
        detail: `Sua foto está na fila da impressora da cabine, com ${ahead(before)}: retire lá quando ela sair.`,
        short: `Na fila: ${ahead(before)}`,
      }
    : {
        title: 'Impressão enviada',
        detail: 'Sua foto é a próxima da fila da impressora da cabine: retire lá quando ela sair.',
        short: 'Na fila',
      };
}
