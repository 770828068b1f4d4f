import { NavLink } from 'react-router-dom';
import { ROUTES } from '../../contract/routePaths';

const LINKS = [
  { to: ROUTES.home, label: 'Home' },
  { to: ROUTES.collection, label: 'Galeria' },
  { to: ROUTES.events, label: 'Eventos' },
  { to: ROUTES.account, label: 'Conta' },
] as const;

/** The menu of SPEC section 2, on every page. */
export function Menu() {
  return (
    <nav className="menu" aria-label="Menu principal">
      <ul className="menu__list">
        {LINKS.map(({ to, label }) => (
          <li key={to}>
            <NavLink to={to} end={to === ROUTES.home} className="menu__link">
              {label}
            </NavLink>
          </li>
        ))}
        <li>
          <a href="#" className="menu__link">
            Ajuda
          </a>
        </li>
      </ul>
    </nav>
  );
}
