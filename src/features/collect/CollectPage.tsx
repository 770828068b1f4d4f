import { ScreenFrame } from '../../ui/ScreenFrame';

export default function CollectPage() {
  return <ScreenFrame title="Coletar" />;
}
