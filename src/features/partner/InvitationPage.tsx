import { ScreenFrame } from '../../ui/ScreenFrame';

export default function InvitationPage() {
  return <ScreenFrame title="Linkar Conta ao Parceiro" />;
}
