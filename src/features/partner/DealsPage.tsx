import { ScreenFrame } from '../../ui/ScreenFrame';

export default function DealsPage() {
  return <ScreenFrame title="Deals" />;
}
