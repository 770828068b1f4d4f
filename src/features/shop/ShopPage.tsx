import { ScreenFrame } from '../../ui/ScreenFrame';

export default function ShopPage() {
  return <ScreenFrame title="Loja" />;
}
