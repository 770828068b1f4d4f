import { ScreenFrame } from '../../ui/ScreenFrame';

export default function UltraSettingsPage() {
  return <ScreenFrame title="Ajuste seu 360" />;
}
