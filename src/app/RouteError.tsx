import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ScreenFrame } from '../ui/ScreenFrame';

/**
 * Shown when a screen fails: most often a code chunk that did not arrive over weak venue Wi-Fi,
 * which a reload usually fixes.
 */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <ScreenFrame title={notFound ? 'Página não encontrada' : 'Algo deu errado'}>
      <p>{notFound ? 'Confira o endereço ou volte ao início.' : 'Verifique sua conexão e tente de novo.'}</p>
      <p>
        {notFound ? (
          <a href="/">Voltar ao início</a>
        ) : (
          <button type="button" onClick={() => window.location.reload()}>
            Tentar novamente
          </button>
        )}
      </p>
    </ScreenFrame>
  );
}
