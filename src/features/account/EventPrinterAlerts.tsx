import { PrinterAlert } from '../../ui/PrinterAlert';
import { stoppedPrinter } from '../../ui/printerAlertText';
import { useEventPrinters } from './dashboardLive';
import type { EventName } from '../../../contract/names';

/**
 * An alert for each of the event's printers that stopped (out of paper, out of ink, jammed,
 * offline after it was heard from), with the prints waiting, at the top of the event's tools: the owner and the team
 * see it arrive while the dashboard is open, and see it go when the printer is ready again.
 */
export function EventPrinterAlerts({ eventName }: { eventName: EventName }) {
  const { data } = useEventPrinters(eventName);
  if (!data) return null;
  const waiting = data.queued + data.printing;
  return (
    <>
      {data.printers.map((printer) =>
        stoppedPrinter(printer) ? (
          <PrinterAlert key={printer.device} name={printer.name} state={printer.state} waiting={waiting} />
        ) : null,
      )}
    </>
  );
}
