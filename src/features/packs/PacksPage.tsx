import './packs.css';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PACK_LINK, packsScreenOpened, packsToValidate, useAppDispatch, useSession, useValidatePacksQuery } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { EventLink } from '../events';

/**
 * A pack link (SPEC section 2, packs?pack=): all the visitor's packs are listed with the linked
 * one; the session adds it to the visitor's packs (and account) once the server knows it.
 */
export default function PacksPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { packs: hashes } = useSession();
  const linked = params.get('pack')?.trim() ?? '';
  const validLink = PACK_LINK.test(linked);

  useEffect(() => {
    dispatch(packsScreenOpened({ linked: validLink ? linked : null }));
  }, [dispatch, linked, validLink]);
  const asked = packsToValidate(hashes, validLink ? linked : null);
  const { data: packs, isLoading, isError, refetch } = useValidatePacksQuery(asked, { skip: asked.length === 0 });
  const linkedKnown = packs?.some((p) => p.hash === linked) ?? false;

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
              {pack.bname && (
                <span className="pack__event">
                  Evento:{' '}
                  <EventLink bname={pack.bname} displayTitle={pack.title}>
                    {pack.title ?? pack.bname}
                  </EventLink>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </ScreenFrame>
  );
}
