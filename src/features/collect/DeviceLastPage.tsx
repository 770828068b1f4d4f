import './collect.css';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { mediaKind, parseMediaPath } from '../../../contract/mediaPath';
import { NAME_PATTERN } from '../../../contract/names';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import { LoadError } from '../../ui/LoadError';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { useGetDeviceLastQuery } from './collectApi';

/** The booth uploads the photo it just took while the guest scans; give it time to arrive. */
const DEVICE_LAST_WAIT_MS = 5_000;

/** A booth screen's QR code for "my last photo" (SPEC section 2, deviceLast). */
export default function DeviceLastPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const bname = params.get('bname') ?? '';
  const device = params.get('device') ?? '';
  const valid = NAME_PATTERN.test(bname) && NAME_PATTERN.test(device);
  const [waited, setWaited] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(Math.ceil(DEVICE_LAST_WAIT_MS / 1_000));

  useEffect(() => {
    const deadline = Date.now() + DEVICE_LAST_WAIT_MS;
    const timer = setTimeout(() => setWaited(true), DEVICE_LAST_WAIT_MS);
    // The countdown the guest reads while the booth uploads.
    const tick = setInterval(() => setSecondsLeft(Math.max(1, Math.ceil((deadline - Date.now()) / 1_000))), 1_000);
    return () => {
      clearTimeout(timer);
      clearInterval(tick);
    };
  }, []);

  const { data, isFetching, isError, refetch } = useGetDeviceLastQuery({ bname, device }, { skip: !valid || !waited, refetchOnMountOrArgChange: true });
  const last = data?.product[0];
  const lastRef = last ? parseMediaPath(last) : null;
  const video = lastRef !== null && (lastRef.mode === '360' || mediaKind(lastRef.file) === 'video');

  if (!valid) {
    return (
      <ScreenFrame title="Sua foto">
        <p role="alert">Link inválido: escaneie de novo o QR code da cabine.</p>
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame title="Sua foto" className="device-last">
      {!waited && (
        <p role="status" className="device-last__wait">
          Esperando a cabine {device} enviar o que acabou de registrar no evento {bname}... {secondsLeft} s
        </p>
      )}
      {waited && isFetching && (
        <p role="status" className="device-last__wait">
          Buscando o último registro da cabine {device}...
        </p>
      )}
      {waited && !isFetching && last && (
        <button type="button" className="button button--big" onClick={() => navigate(withQuery(ROUTES.collect, { id: last }))}>
          {video ? 'COLETAR MEU VÍDEO!' : 'COLETAR MINHA FOTO!'}
        </button>
      )}
      {waited && !isFetching && (isError || (data && !last)) && <LoadError message="Sua foto ainda não chegou." onRetry={() => void refetch()} />}
    </ScreenFrame>
  );
}
