import { Link } from 'react-router-dom';
import { ROUTES } from '../../app/routePaths';
import { ScreenFrame } from '../../ui/ScreenFrame';

export default function LandingPage() {
  return (
    <ScreenFrame title="Sua história do seu jeito">
      <Link to={ROUTES.events}>Eventos</Link>
    </ScreenFrame>
  );
}
