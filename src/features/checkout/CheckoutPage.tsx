import { ScreenFrame } from '../../ui/ScreenFrame';

export default function CheckoutPage() {
  return <ScreenFrame title="Checkout" />;
}
