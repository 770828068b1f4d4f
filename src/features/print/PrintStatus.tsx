import type { PrintJobStatus, PrintStatusReply } from '../../../contract/wire';

const JOB_STATUS_TEXT: Record<PrintJobStatus, string> = {
  queued: 'Na fila',
  printing: 'Imprimindo',
  printed: 'Impresso',
  failed: 'Falhou: sua cópia voltou para o pacote',
};

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
          Impressão: <strong>{JOB_STATUS_TEXT[job.status]}</strong>. {copiesLeft(job.copies)}
        </>
      ) : null}
    </p>
  );
}
