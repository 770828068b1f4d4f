import './collect.css';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiErrorCode, apiErrorStatus } from '../../api/apiError';
import { mediaKind, parseMediaPath } from '../../../contract/mediaPath';
import { NAME_PATTERN, type EventName } from '../../../contract/names';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import type { DeviceLastReply } from '../../../contract/wire';
import { LoadError } from '../../ui/LoadError';
import { LoginLink } from '../../ui/LoginLink';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { useSession } from '../../session';
import { EventLink } from '../events';
import { useGetDeviceLastQuery, useLazyGetDeviceLastQuery, type DeviceLastArgs } from './collectApi';

/** The booth uploads the photo it just took while the guest scans; give it time to arrive. */
const DEVICE_LAST_WAIT_MS = 5_000;
const TITLE = 'Sua foto';

/** A booth screen's QR code for "my last photo" (docs/product.md#device-last-photo). */
export default function DeviceLastPage() {
  const [params] = useSearchParams();
  const eventName = params.get('bname') ?? '';
  const device = params.get('device') ?? '';
  const code = params.get('code') ?? undefined;
  if (!NAME_PATTERN.test(eventName) || !NAME_PATTERN.test(device)) {
    return (
      <ScreenFrame title={TITLE}>
        <p role="alert">Link inválido: escaneie de novo o QR code da cabine.</p>
      </ScreenFrame>
    );
  }
  return <DeviceLast key={`${eventName}/${device}`} eventName={eventName} device={device} code={code} />;
}

/** The countdown the guest reads while the booth uploads; true once the wait is over. */
function useWait(): { waited: boolean; secondsLeft: number } {
  const [waited, setWaited] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(DEVICE_LAST_WAIT_MS / 1_000));
  useEffect(() => {
    // It starts at the scan: the booth is uploading from then on.
    const deadline = Date.now() + DEVICE_LAST_WAIT_MS;
    const timer = setTimeout(() => setWaited(true), DEVICE_LAST_WAIT_MS);
    const tick = setInterval(() => setSecondsLeft(Math.max(1, Math.ceil((deadline - Date.now()) / 1_000))), 1_000);
    return () => {
      clearTimeout(timer);
      clearInterval(tick);
    };
  }, []);
  return { waited, secondsLeft };
}

/**
 * The booth is asked at once, for its name and its event's (and whether they exist: an unknown
 * one is said plainly, with a way on, and no countdown); once the wait is over it is asked again,
 * for what it took meanwhile. The first answer's photo is never offered: it may be the previous
 * guest's.
 */
function DeviceLast({ eventName, device, code }: DeviceLastArgs) {
  const { waited, secondsLeft } = useWait();
  // A private event's photo is the signed-in guest's: the identity is followed, and a sign-in
  // found (the page opened signed in) asks again with the token (session/identityRefetch.ts).
  const identityKnown = useSession().identity.status !== 'unknown';
  const booth = useGetDeviceLastQuery({ eventName, device, code }, { refetchOnMountOrArgChange: true });
  // Asked before the identity service said who is here, the login asked for may be one there is.
  const settling = booth.isError && apiErrorStatus(booth.error) === 401 && !identityKnown;
  const [askLast, last] = useLazyGetDeviceLastQuery();
  const known = booth.isSuccess;
  useEffect(() => {
    if (waited && known) void askLast({ eventName, device, code });
  }, [waited, known, askLast, eventName, device, code]);

  return (
    <ScreenFrame title={TITLE} className="device-last">
      {settling ? (
        <p role="status">Carregando...</p>
      ) : booth.isError ? (
        <BoothProblem error={booth.error} eventName={eventName} onRetry={() => void booth.refetch()} />
      ) : !booth.data ? (
        <p role="status">Carregando...</p>
      ) : !waited ? (
        <p role="status" className="device-last__wait">
          {waitingText(booth.data)}... {secondsLeft} s
        </p>
      ) : (
        <LastMedia
          reply={last.isUninitialized || last.isFetching ? undefined : last.data}
          failed={last.isError && !last.isFetching}
          booth={booth.data}
          onRetry={() => void askLast({ eventName, device, code })}
        />
      )}
    </ScreenFrame>
  );
}

/**
 * 'Esperando a Cabine Pad enviar o que acabou de registrar no evento Festa da Ana' (a server of the spec alone names
 * neither).
 */
function waitingText({ boothTitle, eventTitle }: DeviceLastReply): string {
  return (
    `Esperando a ${boothTitle ?? 'cabine'} enviar o que acabou de registrar` +
    `${eventTitle ? ` no evento ${eventTitle}` : ''}`
  );
}

function LastMedia({
  reply,
  failed,
  booth,
  onRetry,
}: {
  reply: DeviceLastReply | undefined;
  failed: boolean;
  booth: DeviceLastReply;
  onRetry: () => void;
}) {
  const navigate = useNavigate();
  const last = reply?.product[0];
  if (failed || (reply && !last)) return <LoadError message="Sua foto ainda não chegou." onRetry={onRetry} />;
  if (!last) {
    return (
      <p role="status" className="device-last__wait">
        Buscando o último registro da {booth.boothTitle ?? 'cabine'}...
      </p>
    );
  }
  const ref = parseMediaPath(last);
  const video = ref !== null && (ref.mode === '360' || mediaKind(ref.file) === 'video');
  return (
    <button
      type="button"
      className="button button--big"
      onClick={() => navigate(withQuery(ROUTES.collect, { id: last }))}
    >
      {video ? 'COLETAR MEU VÍDEO!' : 'COLETAR MINHA FOTO!'}
    </button>
  );
}

/** Why the booth cannot be asked, in Portuguese, with the way on from there. */
function BoothProblem({ error, eventName, onRetry }: { error: unknown; eventName: EventName; onRetry: () => void }) {
  const code = apiErrorCode(error);
  if (code === 'device_not_found') {
    return (
      <div role="alert" className="device-last__problem">
        <p>Esta cabine não foi encontrada neste evento. Escaneie de novo o QR code da cabine.</p>
        <EventLink eventName={eventName} className="button">
          Ir para Evento
        </EventLink>
      </div>
    );
  }
  if (code === 'booth_code_expired') {
    return (
      <div role="alert" className="device-last__problem">
        <p>Este QR code já expirou. Escaneie de novo o QR code na tela da cabine.</p>
        <Link to={ROUTES.home} className="button">
          Ir para o início
        </Link>
      </div>
    );
  }
  if (code === 'event_not_found') {
    return (
      <div role="alert" className="device-last__problem">
        <p>Este evento não foi encontrado. Confira o QR code da cabine.</p>
        <Link to={ROUTES.home} className="button">
          Ir para o início
        </Link>
      </div>
    );
  }
  if (apiErrorStatus(error) === 401) {
    return (
      <div role="alert" className="device-last__problem">
        <p>Este evento é privado. Faça login para ver sua foto.</p>
        <LoginLink>Logar/Criar conta</LoginLink>
      </div>
    );
  }
  return <LoadError message="Não foi possível falar com a cabine." onRetry={onRetry} />;
}
