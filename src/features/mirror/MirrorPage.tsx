import { ScreenFrame } from '../../ui/ScreenFrame';

export default function MirrorPage() {
  return <ScreenFrame title="Espelho mágico" />;
}
