import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router-dom';
import { BOOTH_MODES } from '../../api/wire';
import { boothRoute } from '../../app/routePaths';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { useReloadCookieRule } from './useReloadCookieRule';

export default function EventPage() {
  useReloadCookieRule();
  return (
    <ScreenFrame title="Evento">
      <nav aria-label="Cabines">
        {BOOTH_MODES.map((mode) => (
          <NavLink key={mode} to={boothRoute(mode)}>
            {mode}
          </NavLink>
        ))}
      </nav>
      <Suspense fallback={<p role="status">Carregando...</p>}>
        <Outlet />
      </Suspense>
    </ScreenFrame>
  );
}
