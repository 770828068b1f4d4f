import './collect.css';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { NAME_PATTERN } from '../../lib/names';
import { ROUTES, withQuery } from '../../lib/routePaths';
import { LoadError } from '../../ui/LoadError';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { useGetDeviceLastQuery } from './collectApi';

/** The booth uploads the photo it just took while the guest scans; give it time to arrive. */
export const DEVICE_LAST_WAIT_MS = 5_000;

/** A booth screen's QR code for "my last photo" (SPEC section 2, deviceLast). */
export default function DeviceLastPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const bname = params.get('bname') ?? '';
  const device = params.get('device') ?? '';
  const valid = NAME_PATTERN.test(bname) && NAME_PATTERN.test(device);
  const [waited, setWaited] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setWaited(true), DEVICE_LAST_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const { data, isFetching, isError, refetch } = useGetDeviceLastQuery({ bname, device }, { skip: !valid || !waited, refetchOnMountOrArgChange: true });
  const last = data?.product[0];

  if (!valid) {
    return (
      <ScreenFrame title="Sua foto">
        <p role="alert">Link inválido: escaneie de novo o QR code da cabine.</p>
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame title="Sua foto" className="device-last">
      {(!waited || isFetching) && (
        <p role="status" className="device-last__wait">
          Preparando sua foto...
        </p>
      )}
      {waited && !isFetching && last && (
        <button type="button" className="button button--big" onClick={() => navigate(withQuery(ROUTES.collect, { id: last }))}>
          COLETAR MINHA FOTO!
        </button>
      )}
      {waited && !isFetching && (isError || (data && !last)) && (
        <LoadError message="Sua foto ainda não chegou." onRetry={() => void refetch()} />
      )}
    </ScreenFrame>
  );
}
