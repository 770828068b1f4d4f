import { ScreenFrame } from '../../ui/ScreenFrame';

export default function EventsListPage() {
  return <ScreenFrame title="Eventos" />;
}
