import { useId, useState } from 'react';
import { errorMessage } from '../../api/apiError';
import { formatLastSeen } from '../../lib/dates';
import { PRINT_PAPER_NAMES, PRINT_PAPERS, type PrintPaper } from '../../../contract/printPaper';
import { useGetPrintSettingsQuery, useSetPrintSettingsMutation } from './accountApi';
import { useEventPrinters } from './dashboardLive';
import { PRINTER_STATE_TEXT } from '../../ui/printerAlertText';
import type { EventName } from '../../../contract/names';

/**
 * The event's printing, in its owner's hands: the paper its printer holds (the print
 * files, photo and QR code, are laid out for it), and every printer of the event with its state
 * and the queue, as they are now.
 */
export function EventPrinting({ eventName }: { eventName: EventName }) {
  const headingId = useId();
  const printers = useEventPrinters(eventName);
  const settings = useGetPrintSettingsQuery(eventName);
  const [save, saving] = useSetPrintSettingsMutation();
  const [saved, setSaved] = useState<{ ok: true } | { ok: false; message: string } | null>(null);

  const choose = async (paper: PrintPaper) => {
    setSaved(null);
    try {
      await save({ eventName, paper }).unwrap();
      setSaved({ ok: true });
    } catch (error) {
      setSaved({ ok: false, message: errorMessage(error) });
    }
  };

  return (
    <section className="event-printing" aria-labelledby={headingId}>
      <h4 id={headingId}>Impressão</h4>
      {settings.data && (
        <label className="field">
          <span className="field__label">Papel da impressora</span>
          <select
            value={settings.data.paper}
            disabled={saving.isLoading}
            onChange={(event) => void choose(event.target.value as PrintPaper)}
          >
            {PRINT_PAPER_NAMES.map((paper) => (
              <option key={paper} value={paper}>
                {PRINT_PAPERS[paper].label}
              </option>
            ))}
          </select>
        </label>
      )}
      <p role="status">{saved?.ok ? 'Papel salvo: as próximas impressões saem nesse tamanho.' : ''}</p>
      {saved && !saved.ok && <p role="alert">Não foi possível salvar o papel: {saved.message}</p>}
      {printers.data &&
        (printers.data.printers.length === 0 ? (
          <p>Nenhuma impressora ligada a este evento.</p>
        ) : (
          <ul className="event-printing__printers">
            {printers.data.printers.map((printer) => (
              <li key={printer.device}>
                {printer.name}:{' '}
                <strong
                  className={printer.state === 'ready' ? 'printer-state' : 'printer-state printer-state--stopped'}
                >
                  {PRINTER_STATE_TEXT[printer.state]}
                </strong>
                {printer.seenAt && ` (vista ${formatLastSeen(printer.seenAt)})`}
              </li>
            ))}
          </ul>
        ))}
      {printers.data && (
        <p>
          Na fila: {printers.data.queued} · Imprimindo: {printers.data.printing}
        </p>
      )}
      {printers.isError && <p role="alert">Não foi possível ver as impressoras agora.</p>}
    </section>
  );
}
