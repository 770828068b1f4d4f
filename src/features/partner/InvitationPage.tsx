import { useEffect, useReducer } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { INVITATION_HASH_PATTERN } from '../../../contract/invitationHash';
import { isName } from '../../../contract/names';
import type { LoginNavigationState } from '../../lib/returnTo';
import { ROUTES } from '../../../contract/routePaths';
import { useSession } from '../../session';
import { notify } from '../../ui/notify';
import { ScreenFrame } from '../../ui/ScreenFrame';
import {
  authorized,
  AUTHORIZED,
  confirmed,
  INVALID_LINK,
  initialInvitationState,
  invitationSlice,
  LOGIN_FIRST,
  LOGIN_REDIRECT_MS,
  NOT_AUTHORIZED,
  refused,
  signedInSeen,
  signedOutSeen,
} from './invitationSlice';
import { useAuthorizePartnerMutation } from './partnerApi';

/** A partner's invitation link: the signed-in account becomes the partner's. */
export default function InvitationPage() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const hash = params.get('hash') ?? '';
  const partnerName = params.get('partnerName') ?? '';
  // A hash of another shape cannot be an invitation: say so here instead of asking the server.
  const validLink = INVITATION_HASH_PATTERN.test(hash) && isName(partnerName);
  const status = useSession().identity.status;
  const [state, dispatch] = useReducer(invitationSlice.reducer, initialInvitationState);
  const [authorizePartner] = useAuthorizePartnerMutation();

  useEffect(() => {
    if (!validLink) return;
    if (status === 'signedOut') dispatch(signedOutSeen());
    if (status === 'signedIn') dispatch(signedInSeen());
  }, [status, validLink]);
  useEffect(() => {
    if (state.status !== 'mustLogin') return;
    // The login brings the visitor back to the invitation to confirm it.
    const back: LoginNavigationState = { returnTo: { pathname, search, state: null } };
    const timer = setTimeout(() => navigate(ROUTES.login, { state: back }), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate, pathname, search]);

  const confirm = async () => {
    dispatch(confirmed());
    const result = await authorizePartner({ hash, partnerName });
    if ('data' in result && result.data === 'ok') {
      dispatch(authorized());
      notify(AUTHORIZED);
      navigate(ROUTES.account);
    } else {
      dispatch(refused());
      notify(NOT_AUTHORIZED);
    }
  };

  if (!validLink) {
    return (
      <ScreenFrame title="Linkar Conta ao Parceiro" className="invitation">
        <p role="alert">{INVALID_LINK}</p>
      </ScreenFrame>
    );
  }

  return (
    <ScreenFrame title="Linkar Conta ao Parceiro" className="invitation">
      {partnerName && <p>Parceiro: {partnerName}</p>}
      {state.status === 'mustLogin' && <p role="alert">{LOGIN_FIRST}</p>}
      {(state.status === 'ready' || state.status === 'confirming' || state.status === 'failed') && (
        <button type="button" className="button" disabled={state.status === 'confirming'} onClick={() => void confirm()}>
          Confirmar
        </button>
      )}
      {state.status === 'unknown' && <p role="status">Carregando...</p>}
    </ScreenFrame>
  );
}
