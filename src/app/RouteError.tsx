import { useRouteError } from 'react-router-dom';
import { ScreenFrame } from '../ui/ScreenFrame';

/**
 * Shown when a screen fails: most often a code chunk that did not arrive over weak venue Wi-Fi,
 * which a reload usually fixes. (Unknown addresses have their own route, NotFoundPage.)
 */
export function RouteError() {
  console.error(useRouteError());
  return (
    <ScreenFrame title="Algo deu errado">
      <p>Verifique sua conexão e tente de novo.</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Tentar novamente
        </button>
      </p>
    </ScreenFrame>
  );
}
