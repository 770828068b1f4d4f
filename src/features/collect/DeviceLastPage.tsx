import { ScreenFrame } from '../../ui/ScreenFrame';

export default function DeviceLastPage() {
  return <ScreenFrame title="Última foto da cabine" />;
}
