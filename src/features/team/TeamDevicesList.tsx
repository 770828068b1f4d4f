import { useId, useState } from 'react';
import { deviceTitle } from '../../../contract/boothLabels';
import type { DeviceKeyReply, TeamDevice } from '../../../contract/wire';
import { errorMessage } from '../../api/apiError';
import { CopyField } from '../../ui/CopyField';
import { LoadError } from '../../ui/LoadError';
import { PrinterAlert } from '../../ui/PrinterAlert';
import { isStopped, PRINTER_STATE_TEXT, stoppedPrinter } from '../../ui/printerAlertText';
import { TeamConfirm } from './TeamConfirm';
import { TEAM_DEVICES_LIVE, useLoadTeamDevicesQuery, useMakeDeviceKeyMutation } from './teamDevicesApi';

/** A device's new key, read-only, to copy by hand or with its button: it is shown this once. */
function NewKey({ made }: { made: DeviceKeyReply }) {
  return (
    <CopyField
      className="device-key"
      label={`Nova chave de ${made.id}`}
      value={made.key}
      copyLabel="Copiar"
      copiedText="Chave copiada."
      notCopiedText="Não foi possível copiar: selecione a chave e copie à mão."
      note="Guarde agora e configure no dispositivo: ela não aparece de novo."
    />
  );
}

function TeamDeviceItem({ device, onRotate }: { device: TeamDevice; onRotate: (device: TeamDevice) => void }) {
  const nameId = useId();
  return (
    <li className="orders__item" aria-labelledby={nameId}>
      <span id={nameId} className="orders__number">
        {device.id}
      </span>
      <p>
        {deviceTitle(device)} · {device.event ? `evento ${device.event}` : 'sem evento'} ·{' '}
        {device.hasKey ? 'com chave' : 'sem chave: não se conecta'}
        {device.printer && (
          <>
            {' · '}
            <strong
              className={isStopped(device.printer.state) ? 'printer-state printer-state--stopped' : 'printer-state'}
            >
              {PRINTER_STATE_TEXT[device.printer.state]}
            </strong>
          </>
        )}
      </p>
      <div className="orders__actions">
        <button
          type="button"
          className="button button--secondary"
          aria-describedby={nameId}
          onClick={() => onRotate(device)}
        >
          Gerar nova chave
        </button>
      </div>
    </li>
  );
}

/** What a stopped printer is called in the team's alert: where it prints, and what it is (its id is no name). */
const printerPlace = (printer: NonNullable<TeamDevice['printer']>) => printer.eventTitle || 'Todos os eventos';

/**
 * Every device, for the team ('Devices'): keys are made by the server, after a second
 * look (the old key stops at once), and shown once. Followed while open: a printer that stops
 * is an alert at the top, with the prints waiting for it, until it is ready again.
 */
export function TeamDevicesList() {
  const titleId = useId();
  const { data: devices, isLoading, isError, refetch } = useLoadTeamDevicesQuery(undefined, TEAM_DEVICES_LIVE);
  const [makeKey, { isLoading: making }] = useMakeDeviceKeyMutation();
  const [asking, setAsking] = useState<TeamDevice | null>(null);
  const [made, setMade] = useState<DeviceKeyReply | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = async () => {
    if (!asking) return;
    const result = await makeKey({ id: asking.id });
    setAsking(null);
    if ('error' in result) setFailure(`Não foi possível gerar a chave de ${asking.id}: ${errorMessage(result.error)}`);
    else setMade(result.data);
  };

  return (
    <section aria-labelledby={titleId} className="team-orders">
      <h2 id={titleId}>Dispositivos</h2>
      {devices?.map(({ id, printer }) =>
        printer && stoppedPrinter(printer) ? (
          <PrinterAlert
            key={id}
            name={printer.name}
            state={printer.state}
            waiting={printer.waiting}
            place={printerPlace(printer)}
          />
        ) : null,
      )}
      {made && <NewKey key={`${made.id}:${made.key}`} made={made} />}
      {failure && <p role="alert">{failure}</p>}
      {isLoading && <p>Carregando...</p>}
      {isError && !devices && (
        <LoadError message="Não foi possível carregar os dispositivos." onRetry={() => void refetch()} />
      )}
      {devices && devices.length === 0 && <p>Nenhum dispositivo ainda.</p>}
      {devices && devices.length > 0 && (
        <ul className="orders">
          {devices.map((device) => (
            <TeamDeviceItem
              key={device.id}
              device={device}
              onRotate={(chosen) => {
                setMade(null);
                setFailure(null);
                setAsking(chosen);
              }}
            />
          ))}
        </ul>
      )}
      {asking && (
        <TeamConfirm
          title="Gerar nova chave"
          question={
            `A chave atual de ${asking.id} para de funcionar na hora: o dispositivo só volta a se conectar com a ` +
            `nova. Gerar a nova chave?`
          }
          confirmLabel="Sim, gerar"
          busy={making}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
