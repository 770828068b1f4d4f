import { ScreenFrame } from '../../ui/ScreenFrame';

export default function CollectionPage() {
  return <ScreenFrame title="Minha Coleção" />;
}
