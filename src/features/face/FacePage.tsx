import { ScreenFrame } from '../../ui/ScreenFrame';

export default function FacePage() {
  return <ScreenFrame title="Captura de rosto" />;
}
