import type { PrinterSeen } from '../../contract/wire';

/** A printer's state in a word or two, as the owner's and the team's lists show it. */
export const PRINTER_STATE_TEXT: Record<PrinterSeen, string> = {
  ready: 'Pronta',
  out_of_paper: 'Sem papel',
  out_of_ink: 'Sem tinta',
  jammed: 'Papel atolado',
  offline: 'Sem conexão',
};

export type StoppedState = Exclude<PrinterSeen, 'ready'>;

/** Why it stopped, after the printer's name ('Impressora parou: sem papel'). */
const STOPPED_TEXT: Record<StoppedState, string> = {
  out_of_paper: 'sem papel',
  out_of_ink: 'sem tinta',
  jammed: 'papel atolado',
  offline: 'sem conexão',
};

/** What gets it going again: every print waiting goes out by itself once it is ready. */
const FIX_TEXT: Record<StoppedState, string> = {
  out_of_paper: 'Coloque papel na impressora: a fila volta a andar sozinha.',
  out_of_ink: 'Troque a tinta da impressora: a fila volta a andar sozinha.',
  jammed: 'Tire o papel preso e ligue a impressora de novo: a fila volta a andar sozinha.',
  offline: 'Veja se a impressora está ligada e com internet: a fila volta a andar sozinha.',
};

export const isStopped = (state: PrinterSeen): state is StoppedState => state !== 'ready';

/**
 * Whether a printer is an alert: it stopped after it was running. One never heard from (set up
 * but not turned on yet, a spare) is 'Sem conexão' in the lists, not an alarm on every dashboard.
 */
export const stoppedPrinter = <P extends { state: PrinterSeen; seenAt: string | null }>(
  printer: P,
): printer is P & { state: StoppedState } => isStopped(printer.state) && printer.seenAt !== null;

const waitingText = (n: number) =>
  n === 0
    ? 'Nenhuma impressão esperando.'
    : n === 1
      ? '1 impressão esperando.'
      : `${n.toLocaleString('pt-BR')} impressões esperando.`;

/** A stopped printer's alert: what stopped and why, the prints waiting, and what to do. */
export function printerAlertText(
  name: string,
  state: StoppedState,
  waiting: number,
): { headline: string; waiting: string; fix: string } {
  return { headline: `${name} parou: ${STOPPED_TEXT[state]}.`, waiting: waitingText(waiting), fix: FIX_TEXT[state] };
}
