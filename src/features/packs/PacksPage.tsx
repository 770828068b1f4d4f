import './packs.css';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Pack } from '../../../contract/packReply';
import {
  PACK_LINK,
  packsScreenOpened,
  packsToValidate,
  useAppDispatch,
  useSession,
  useValidatePacksQuery,
} from '../../session';
import { LoadError } from '../../ui/LoadError';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { EventLink } from '../events';
import { PackPhotos } from './PackPhotos';

/** The copies a pack has left, said as such. */
export function copiesLeft(copies: number): string {
  if (copies <= 0) return 'Nenhuma cópia restante';
  return copies === 1 ? 'Resta 1 cópia' : `Restam ${copies} cópias`;
}

/** The linked pack first: it is why the guest is here. */
function linkedFirst(packs: readonly Pack[], linked: string): Pack[] {
  return [...packs.filter((pack) => pack.hash === linked), ...packs.filter((pack) => pack.hash !== linked)];
}

/**
 * A pack link (docs/product.md#packs): all the visitor's packs are listed, the linked one
 * first; the session adds it to the visitor's packs (and account) once the server knows it. The
 * linked pack (or, without a link, each pack of an event) shows the guest's photos of its event,
 * ready to print with it.
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
  const showsPhotos = (pack: Pack) => pack.bname !== '' && pack.copies > 0 && (!linkedKnown || pack.hash === linked);

  return (
    <ScreenFrame title="Packs de impressões" className="packs">
      {linked && !validLink && <p role="alert">Link de pack inválido.</p>}
      {linked && validLink && packs && !linkedKnown && <p role="alert">Pack {linked} não encontrado.</p>}
      {isLoading && <p role="status">Carregando...</p>}
      {isError && <LoadError message="Não foi possível validar seus packs." onRetry={() => void refetch()} />}
      {(asked.length === 0 || packs?.length === 0) && (
        <div className="empty">
          <p>Você não possui pacotes</p>
          <p>Escaneie o qrcode ou acesse o link do seu pacote</p>
        </div>
      )}
      {packs && packs.length > 0 && (
        <ul className="pack-list" aria-label="Seus packs">
          {linkedFirst(packs, linked).map((pack) => (
            <li key={pack.hash} className={pack.hash === linked ? 'pack pack--new' : 'pack'}>
              <div className="pack__facts">
                <span className="pack__hash">{pack.hash}</span>
                <span className="pack__copies">{copiesLeft(pack.copies)}</span>
                {pack.bname && (
                  <span className="pack__event">
                    Evento:{' '}
                    <EventLink eventName={pack.bname} displayTitle={pack.title}>
                      {pack.title ?? pack.bname}
                    </EventLink>
                  </span>
                )}
                {!pack.bname && (
                  <span>
                    Este pack imprime fotos de eventos públicos: abra a foto na sua coleção e toque em Imprimir.
                  </span>
                )}
              </div>
              {showsPhotos(pack) && <PackPhotos pack={pack} />}
            </li>
          ))}
        </ul>
      )}
    </ScreenFrame>
  );
}
