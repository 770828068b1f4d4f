import { useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { INVITATION_HASH_PATTERN } from '../../../contract/invitationHash';
import { isName } from '../../../contract/names';
import { ROUTES } from '../../../contract/routePaths';
import type { LoginNavigationState } from '../../lib/returnTo';
import { useAppDispatch, useAppSelector } from '../../session';
import { ScreenFrame } from '../../ui/ScreenFrame';
import './invitationFlow';
import {
  confirmed,
  INVALID_LINK,
  invitationClosed,
  invitationOpened,
  LOGIN_FIRST,
  selectInvitation,
} from './invitationSlice';

const TITLE = 'Linkar Conta ao Parceiro';

/** A partner's invitation link: the signed-in account becomes the partner's. */
export default function InvitationPage() {
  const [params] = useSearchParams();
  const hash = params.get('hash') ?? '';
  const partnerName = params.get('partnerName') ?? '';
  // A hash of another shape cannot be an invitation: say so here instead of asking the server.
  if (!INVITATION_HASH_PATTERN.test(hash) || !isName(partnerName)) {
    return (
      <ScreenFrame title={TITLE} className="invitation">
        <p role="alert">{INVALID_LINK}</p>
      </ScreenFrame>
    );
  }
  return <Invitation key={`${hash}/${partnerName}`} hash={hash} partnerName={partnerName} />;
}

/**
 * One invitation, as the machine says (invitationSlice; its effects are the flow's,
 * invitationFlow.ts): the states that leave the screen are followed here, as navigations.
 */
function Invitation({ hash, partnerName }: { hash: string; partnerName: string }) {
  const dispatch = useAppDispatch();
  const state = useAppSelector(selectInvitation);
  const { pathname, search } = useLocation();

  useEffect(() => {
    dispatch(invitationOpened({ hash, partnerName }));
    return () => {
      dispatch(invitationClosed());
    };
  }, [dispatch, hash, partnerName]);

  if (state.status === 'goingToLogin') {
    // The login brings the visitor back to the invitation to confirm it.
    const back: LoginNavigationState = { returnTo: { pathname, search, state: null } };
    return <Navigate to={ROUTES.login} state={back} />;
  }
  if (state.status === 'authorized') return <Navigate to={ROUTES.account} />;

  return (
    <ScreenFrame title={TITLE} className="invitation">
      <p>Parceiro: {partnerName}</p>
      {state.status === 'mustLogin' && <p role="alert">{LOGIN_FIRST}</p>}
      {(state.status === 'ready' || state.status === 'confirming' || state.status === 'failed') && (
        <button
          type="button"
          className="button"
          disabled={state.status === 'confirming'}
          onClick={() => dispatch(confirmed())}
        >
          Confirmar
        </button>
      )}
      {(state.status === 'idle' || state.status === 'unknown') && <p role="status">Carregando...</p>}
    </ScreenFrame>
  );
}
