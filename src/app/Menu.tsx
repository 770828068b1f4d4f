import { NavLink } from 'react-router-dom';
import { ROUTES } from '../../contract/routePaths';

const LINKS = [
  { to: ROUTES.home, label: 'Home' },
  { to: ROUTES.collection, label: 'Galeria' },
  { to: ROUTES.events, label: 'Eventos' },
  { to: ROUTES.account, label: 'Conta' },
  // The original design's '#': a help page now.
  { to: ROUTES.help, label: 'Ajuda' },
] as const;

/** The menu (docs/product.md#routes), on every page ('Ajuda' leads to the help page). */
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
      </ul>
    </nav>
  );
}
