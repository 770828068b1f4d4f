import type { PrinterSeen, PrintJobStatus, PrintStatusReply } from '../../../contract/wire';

const JOB_STATUS_TEXT: Record<PrintJobStatus, string> = {
  queued: 'Na fila',
  printing: 'Imprimindo',
  printed: 'Impresso',
  failed: 'Falhou: sua cópia voltou para o pacote',
};

/** A print waiting for a printer that is down says why, and that it is not lost (issue 27). */
const PRINTER_DOWN_TEXT: Record<Exclude<PrinterSeen, 'ready'>, string> = {
  out_of_paper: 'A impressora está sem papel: sua foto sai assim que ela voltar',
  out_of_ink: 'A impressora está sem tinta: sua foto sai assim que ela voltar',
  jammed: 'A impressora está com papel atolado: sua foto sai assim que ela voltar',
  offline: 'A impressora está sem conexão: sua foto sai assim que ela voltar',
};

/** What the guest reads of their print now. */
export function printStatusText(job: PrintStatusReply): string {
  if ((job.status === 'queued' || job.status === 'printing') && job.printer && job.printer !== 'ready') return PRINTER_DOWN_TEXT[job.printer];
  return JOB_STATUS_TEXT[job.status];
}

const PENDING_PRINT_TEXT = 'Impressão pendente: será enviada quando a conexão voltar';

const copiesLeft = (copies: number) => (copies === 1 ? 'Resta 1 cópia no pacote.' : `Restam ${copies} cópias no pacote.`);

/** What became of the guest's print of this image, as the booth's printer reports it. */
export function PrintStatus({ id, pending, job }: { id: string; pending: boolean; job: PrintStatusReply | undefined }) {
  return (
    <p id={id} className="print__status" role="status">
      {pending ? (
        PENDING_PRINT_TEXT
      ) : job ? (
        <>
          Impressão: <strong>{printStatusText(job)}</strong>. {copiesLeft(job.copies)}
        </>
      ) : null}
    </p>
  );
}
