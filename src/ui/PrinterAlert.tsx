import './printerAlert.css';
import { printerAlertText, type StoppedState } from './printerAlertText';

/**
 * One stopped printer, as an alert: announced the moment it appears, in the alert's
 * colours, never the ready printer's; gone once the printer is ready again. `place` says where
 * it is when the reader sees several events at once (the team's). The owner's dashboard and the
 * team's devices show the same alert.
 */
export function PrinterAlert({
  name,
  state,
  waiting,
  place,
}: {
  name: string;
  state: StoppedState;
  waiting: number;
  place?: string;
}) {
  const text = printerAlertText(name, state, waiting);
  return (
    <div role="alert" className="printer-alert">
      <p className="printer-alert__headline">
        {place && <span className="printer-alert__place">{place}: </span>}
        {text.headline}
      </p>
      <p>
        <strong>{text.waiting}</strong> {text.fix}
      </p>
    </div>
  );
}
