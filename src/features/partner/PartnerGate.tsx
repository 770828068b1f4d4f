import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { apiErrorServerMessage, apiErrorStatus } from '../../api/apiError';
import { isName } from '../../../contract/names';
import { useAppDispatch, useSession } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { LoginLink } from '../../ui/LoginLink';
import { partnerOpened } from './partnerSlice';

const INVALID_PARTNER_LINK = 'Este link de parceiro é inválido.';
const LOGIN_NEEDED = 'Entre com a conta do parceiro para ver esta página.';
const NO_ACCESS = 'Você não tem acesso a este parceiro.';

/**
 * The partner of `?partner=` and whether a query for it may run: only with a valid name and
 * someone signed in (the server answers only the partner's own accounts and the team). A valid
 * one is the partner shown (`partnerOpened`).
 */
export function usePartnerParam() {
  const [params] = useSearchParams();
  const partner = params.get('partner') ?? '';
  const status = useSession().identity.status;
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (isName(partner)) dispatch(partnerOpened(partner));
  }, [dispatch, partner]);
  return { partner, status, skip: status !== 'signedIn' || !isName(partner) };
}

interface PartnerGateProps<T> {
  partner: string;
  status: 'unknown' | 'signedOut' | 'signedIn';
  /** The partner's query, as RTK Query hands it. */
  result: { currentData?: T; error?: unknown; isError: boolean; isFetching: boolean; refetch: () => unknown };
  /** What to say when the load fails for another reason (a network that drops, most often). */
  failure: string;
  children: (data: T) => ReactNode;
}

/**
 * What a partner's screen shows before its data: the way in for a visitor who is not signed in
 * (or whose sign-in the server refused), the server's words for an account that is not the
 * partner's, and a retry for a load that failed.
 */
export function PartnerGate<T>({ partner, status, result, failure, children }: PartnerGateProps<T>) {
  const { currentData, error, isError, isFetching, refetch } = result;
  if (!isName(partner)) return <p role="alert">{INVALID_PARTNER_LINK}</p>;
  if (status === 'signedOut' || (isError && !currentData && apiErrorStatus(error) === 401)) {
    return (
      <div role="alert" className="partner__login">
        <p>{LOGIN_NEEDED}</p>
        <LoginLink>Entrar</LoginLink>
      </div>
    );
  }
  if (currentData !== undefined) return <>{children(currentData)}</>;
  if (status === 'unknown' || isFetching) return <p role="status">Carregando...</p>;
  if (isError && apiErrorStatus(error) === 403) return <p role="alert">{apiErrorServerMessage(error) ?? NO_ACCESS}</p>;
  if (isError) return <LoadError message={failure} onRetry={() => void refetch()} />;
  return <p role="status">Carregando...</p>;
}
