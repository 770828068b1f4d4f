import './delivery.css';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import { apiErrorServerMessage, apiErrorStatus, errorMessage } from '../../api/apiError';
import { useAppDispatch, useAppSelector } from '../../session';
import { MediaTile } from '../../ui/gallery/MediaTile';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { addedText } from './addedText';
import { useGetGuestCollectionQuery } from './guestCollectionApi';
import { addAllTapped, guestCollectionClosed, selectGuestCollection } from './guestCollectionSlice';
import './guestCollectionFlow';

/**
 * Why the link shows nothing: not a link this server signed as it came (400: the server's words are a developer's),
 * the server's reason (404: unknown, or stopped since), else the connection's trouble.
 */
function linkProblem(error: unknown): string {
  const status = apiErrorStatus(error);
  if (status === 400) return 'Este link não é válido: confira se ele veio inteiro da mensagem que você recebeu.';
  return (
    (status === 404 && apiErrorServerMessage(error)) || `Não foi possível abrir suas fotos: ${errorMessage(error)}`
  );
}

/**
 * 'Suas fotos' of a guest's messages (docs/product.md#photos-delivered), `/privacidade?fotos={token}`: the photos
 * sent to them at one event, each opening as its collect link does, 'Adicionar à minha coleção' for them all, and the
 * event's gallery. No login: the link's signed token stands for their subscription.
 */
export function GuestCollection({ token }: { token: string }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const adding = useAppSelector(selectGuestCollection);
  const { data, error, refetch } = useGetGuestCollectionQuery(token);
  useEffect(() => () => void dispatch(guestCollectionClosed()), [dispatch]);
  const open = (url: string) => void navigate(withQuery(ROUTES.collect, { id: url }));

  if (!data) {
    return (
      <ScreenFrame title="Suas fotos">
        {error ? (
          <>
            <p role="alert">{linkProblem(error)}</p>
            <button type="button" className="button button--secondary" onClick={() => void refetch()}>
              Tentar novamente
            </button>
          </>
        ) : (
          <p role="status">Carregando suas fotos...</p>
        )}
        <p>
          <Link to={ROUTES.collection}>Ver Minha Coleção</Link>
        </p>
      </ScreenFrame>
    );
  }

  const photos = data.photos.map((url) => ({ url, event: data.bname }));
  return (
    <ScreenFrame title={`Suas fotos de ${data.title}`}>
      {photos.length === 0 ? (
        <p>Nenhuma foto enviada para você ainda.</p>
      ) : (
        <>
          <p>
            {photos.length === 1
              ? 'A foto que enviamos para você.'
              : `As ${photos.length} fotos que enviamos para você.`}{' '}
            Toque em uma foto para coletá-la, ou adicione todas de uma vez.
          </p>
          <div className="guest-collection__add">
            <button
              type="button"
              className="button"
              disabled={adding.status === 'collecting'}
              onClick={() => dispatch(addAllTapped({ token, photos }))}
            >
              Adicionar à minha coleção
            </button>
            {adding.status === 'collecting' && <p role="status">Adicionando à Minha Coleção...</p>}
            {(adding.status === 'collected' || adding.status === 'queued') && (
              <p role="status">
                {addedText(adding)} <Link to={ROUTES.collection}>Ver Minha Coleção</Link>
              </p>
            )}
            {adding.status === 'failed' && <p role="alert">{adding.message}</p>}
          </div>
          <ul className="guest-collection__grid">
            {data.photos.map((url, index) => (
              <li key={url} className="guest-collection__tile">
                <MediaTile
                  url={url}
                  label={`Foto ${index + 1}: abrir para coletar`}
                  onOpen={open}
                  priority={index < 6}
                />
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to={data.gallery}>Ver a galeria da festa</Link>
      </p>
    </ScreenFrame>
  );
}
