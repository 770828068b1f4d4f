import { ScreenFrame } from '../../ui/ScreenFrame';

export default function UltraLastPage() {
  return <ScreenFrame title="Vídeo 360" />;
}
