import { ScreenFrame } from '../../ui/ScreenFrame';

export default function AccountPage() {
  return <ScreenFrame title="Conta" />;
}
