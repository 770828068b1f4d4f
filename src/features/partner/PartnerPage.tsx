import { ScreenFrame } from '../../ui/ScreenFrame';

export default function PartnerPage() {
  return <ScreenFrame title="Página do Parceiro" />;
}
