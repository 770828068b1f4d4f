import { Link } from 'react-router-dom';
import { ScreenFrame } from '../ui/ScreenFrame';
import { ROUTES } from '../../contract/routePaths';

export default function NotFoundPage() {
  return (
    <ScreenFrame title="Página não encontrada">
      <p>Confira o endereço ou volte ao início.</p>
      <Link to={ROUTES.home}>Voltar ao início</Link>
    </ScreenFrame>
  );
}
