import { ScreenFrame } from '../../ui/ScreenFrame';

export default function PacksPage() {
  return <ScreenFrame title="Pacotes de impressão" />;
}
