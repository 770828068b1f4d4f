import type { PrintStatusReply } from '../../../contract/wire';
import { printMoment } from './printMoment';

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
          Impressão: <strong>{printMoment(job).short}</strong>. {copiesLeft(job.copies)}
        </>
      ) : null}
    </p>
  );
}
