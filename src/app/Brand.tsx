import { Link } from 'react-router-dom';
import { ROUTES } from '../../contract/routePaths';

/** The company's name (the page title's), as in public/index.html. */
const BRAND_NAME = 'Cabine de Eventos';

/**
 * The brand at the head of every page: the logo (the app's icon, decorative beside the name) and
 * the name, a link to the landing page. Its size is fixed, so it never moves the page as it loads.
 */
export function Brand() {
  return (
    <Link to={ROUTES.home} className="brand">
      <img className="brand__logo" src="/favicon.svg" alt="" width={32} height={32} />
      {BRAND_NAME}
    </Link>
  );
}
