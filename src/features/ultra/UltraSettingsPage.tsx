import './ultra.css';
import { useSearchParams } from 'react-router-dom';
import { isName } from '../../../contract/names';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { UltraSettingsForm } from './UltraSettingsForm';

const TITLE = 'Ajuste seu 360';

/** The 360 platform's settings, opened from its QR code (docs/product.md#360-platform). */
export default function UltraSettingsPage() {
  const [params] = useSearchParams();
  const device = params.get('device') ?? '';
  const qrid = params.get('qrid') ?? '';
  const eventName = params.get('bname') ?? '';
  if (!isName(device) || !isName(qrid) || !isName(eventName)) {
    return (
      <ScreenFrame title={TITLE}>
        <p role="alert">Link inválido: faltam dados da plataforma 360. Escaneie de novo o QR code da plataforma.</p>
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame title={TITLE}>
      <UltraSettingsForm key={`${device}/${qrid}/${eventName}`} device={device} qrid={qrid} eventName={eventName} />
    </ScreenFrame>
  );
}
