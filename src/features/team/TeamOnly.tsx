import type { ReactNode } from 'react';
import { useSession } from '../../session';
import { LoginLink } from '../../ui/LoginLink';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { useCheckTeamQuery } from './teamApi';

/** What anyone but a team member sees: the screen's own title is never shown. */
function NothingHere({ signedOut }: { signedOut: boolean }) {
  return (
    <ScreenFrame title="Página não encontrada">
      <p>Confira o endereço ou volte ao início.</p>
      {signedOut && <LoginLink className="button button--secondary">Entrar</LoginLink>}
    </ScreenFrame>
  );
}

/**
 * A team-only screen (docs/product.md#roles-and-permissions): shown when `GET /check_team` answers `ok` for the
 * signed-in user; others see nothing of it.
 */
export function TeamOnly({ children }: { children: ReactNode }) {
  const { identity } = useSession();
  const signedIn = identity.status === 'signedIn';
  const team = useCheckTeamQuery(undefined, { skip: !signedIn });

  if (identity.status === 'signedOut') return <NothingHere signedOut />;
  if (identity.status === 'unknown' || team.isLoading || team.isUninitialized)
    return <p role="status">Carregando...</p>;
  if (team.data !== 'ok' || team.isError) return <NothingHere signedOut={false} />;
  return <>{children}</>;
}
