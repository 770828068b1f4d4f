import '../print/print.css';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { LoadError } from '../../ui/LoadError';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { useAddToAccountMutation } from '../account/accountApi';
import { authWatchRequested, selectAuthStatus } from '../auth/authSlice';
import { eventsMerged } from '../visitor/visitorSlice';
import { useValidatePacksQuery } from './packsApi';
import { packAdded, selectPackHashes } from './packsSlice';

const HASH = /^[A-Za-z0-9_-]{1,64}$/;

/** A pack link (SPEC section 2, packs?pack=): the pack joins the visitor's, and all are listed. */
export default function PacksPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const status = useAppSelector(selectAuthStatus);
  const hashes = useAppSelector(selectPackHashes);
  const [addToAccount] = useAddToAccountMutation();
  const linked = params.get('pack')?.trim() ?? '';
  const validLink = HASH.test(linked);

  useEffect(() => {
    dispatch(authWatchRequested());
  }, [dispatch]);
  const asked = validLink && !hashes.includes(linked) ? [...hashes, linked] : hashes;
  const { data: packs, isLoading, isError, refetch } = useValidatePacksQuery(asked, { skip: asked.length === 0 });
  const linkedKnown = packs?.some((p) => p.hash === linked) ?? false;

  // Only a pack the server knows joins the cookie and the account.
  useEffect(() => {
    if (linkedKnown && !hashes.includes(linked)) dispatch(packAdded(linked));
  }, [dispatch, linkedKnown, linked, hashes]);
  useEffect(() => {
    if (validLink && linkedKnown && status === 'signedIn') void addToAccount({ list: 'packs', value: linked });
  }, [addToAccount, validLink, linkedKnown, linked, status]);
  useEffect(() => {
    if (packs) dispatch(eventsMerged(packs.map((p) => p.bname).filter(Boolean)));
  }, [dispatch, packs]);

  return (
    <ScreenFrame title="Pacotes de impressão" className="packs">
      {linked && !validLink && <p role="alert">Link de pacote inválido.</p>}
      {linked && validLink && packs && !linkedKnown && <p role="alert">Pacote {linked} não encontrado.</p>}
      {isLoading && <p role="status">Carregando...</p>}
      {isError && <LoadError message="Não foi possível validar seus pacotes." onRetry={() => void refetch()} />}
      {(asked.length === 0 || packs?.length === 0) && (
        <div className="empty">
          <p>Você não possui pacotes</p>
          <p>Escaneie o qrcode ou acesse o link do seu pacote</p>
        </div>
      )}
      {packs && packs.length > 0 && (
        <ul className="pack-list" aria-label="Seus pacotes">
          {packs.map((pack) => (
            <li key={pack.hash} className={pack.hash === linked ? 'pack pack--new' : 'pack'}>
              <span className="pack__hash">{pack.hash}</span>
              <span className="pack__copies">{pack.copies === 1 ? '1 cópia' : `${pack.copies} cópias`}</span>
              {pack.bname && <span className="pack__event">Evento: {pack.bname}</span>}
            </li>
          ))}
        </ul>
      )}
    </ScreenFrame>
  );
}
