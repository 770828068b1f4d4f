import './collect.css';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { mediaSource } from '../../api/mediaSource';
import { displayUrl, mediaKind, mediaUrl, parseMediaPath, thumbUrl } from '../../../contract/mediaPath';
import { boothRoute, ROUTES } from '../../../contract/routePaths';
import {
  useAppDispatch,
  useAppSelector,
  useSession,
  collectQueued,
  offlineQueueFlushRequested,
  PENDING_TEXT,
  selectPendingCollects,
  warmOutboxStorage,
} from '../../session';
import { QrIcon } from '../../ui/icons';
import { Modal } from '../../ui/Modal';
import { LoginLink } from '../../ui/LoginLink';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { DeliveryOffer } from '../delivery';
import { useEventCard } from '../events';
import { GuestContactOffer } from '../guestContacts';
import { MediaActions } from '../print';
import { useCheckMediaQuery } from './collectApi';
import { CollectPhoto } from './CollectPhoto';
import { hiddenMessage, LOCKED_MESSAGE } from './sendQueuedCollect';
import { removeShellPreview } from './shellPreview';
import { useCollectOnOpen } from './useCollectOnOpen';
import './collectFlow';
import type { EventName } from '../../../contract/names';

const QrCode = lazy(() => import(/* webpackChunkName: "qrcode" */ './QrCode'));

/**
 * Without an answer from the media server (no connection), the collect waits in the offline
 * queue, which checks the media when it can; once it went (or was refused), the page asks again
 * and shows what became of it. Answers whether it waits.
 */
function usePendingCollect(
  url: string | null,
  eventName: EventName,
  unanswered: boolean,
  askAgain: () => unknown,
): boolean {
  const dispatch = useAppDispatch();
  const { collection } = useSession();
  const pending = useAppSelector(selectPendingCollects).some((item) => item.url === url);
  const collected = url !== null && collection.includes(url);
  useEffect(() => {
    // Already in the collection (an earlier visit): nothing is left to send.
    if (unanswered && url && !collected) dispatch(collectQueued(url, eventName));
  }, [dispatch, unanswered, url, eventName, collected]);
  const wasPending = useRef(false);
  useEffect(() => {
    if (wasPending.current && !pending) askAgain();
    wasPending.current = pending;
  }, [pending, askAgain]);
  return pending;
}

/** A booth's QR code leads here (docs/product.md#collect). */
export default function CollectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const ref = parseMediaPath(params.get('id') ?? '');
  const presence = useCheckMediaQuery(ref ? mediaUrl(ref) : '', { skip: !ref });
  // currentData, not data: following one collect link to another, the earlier link's answer must
  // not collect the new one before the media server has said it exists.
  const celebrating = useCollectOnOpen(ref, presence.currentData === 'found');
  const [qrOpen, setQrOpen] = useState(false);
  const pending = usePendingCollect(
    ref ? mediaUrl(ref) : null,
    ref?.eventName ?? '',
    presence.isError,
    presence.refetch,
  );
  const signedOut = useSession().identity.status === 'signedOut';
  // A missing photo's link may name an event that is not there either: only then is it asked.
  const gone = presence.currentData === 'missing' || presence.currentData === 'hidden';
  const eventCard = useEventCard(ref?.eventName ?? '', { skip: !gone });
  // A collect made once the venue's Wi-Fi drops is kept without downloading anything then.
  useEffect(warmOutboxStorage, []);

  useEffect(() => {
    // Only a photo keeps the page's early copy of it (CollectPhoto removes it when drawn).
    if (!ref || gone || presence.currentData === 'locked' || mediaKind(ref.file) === 'video') removeShellPreview();
  });

  if (!ref) {
    return (
      <ScreenFrame title="Coletar">
        <p role="alert">Link inválido: esta foto não existe.</p>
      </ScreenFrame>
    );
  }
  const url = mediaUrl(ref);
  const src = mediaSource(url);
  const video = mediaKind(ref.file) === 'video';
  const eventButton = (
    <button
      type="button"
      className="button"
      onClick={() => navigate(boothRoute(ref.mode), { state: { bname: ref.eventName } })}
    >
      Ir para Evento
    </button>
  );
  const collectionButton = (
    <button type="button" className="button button--secondary" onClick={() => navigate(ROUTES.collection)}>
      Minha Coleção
    </button>
  );

  if (presence.currentData === 'locked') {
    // Signed in, the media cookie is on its way (src/session/mediaSession.ts) and the check is
    // asked again when it lands; signed out, only a login opens it.
    return (
      <ScreenFrame title="Coletar" className="collect">
        {signedOut ? (
          <>
            <p role="alert" className="collect__problem">
              {LOCKED_MESSAGE}
            </p>
            <div className="collect__buttons">
              <LoginLink>Logar/Criar conta</LoginLink>
            </div>
          </>
        ) : (
          <p role="status">Carregando...</p>
        )}
      </ScreenFrame>
    );
  }

  if (gone) {
    return (
      <ScreenFrame title="Coletar" className="collect">
        {presence.currentData === 'hidden' ? (
          // The host's choice, not a broken link: said as a status, not an alert.
          <p role="status" className="collect__problem">
            {hiddenMessage(url)}
          </p>
        ) : (
          <p role="alert" className="collect__problem">
            {video ? 'Este vídeo não foi encontrado' : 'Esta foto não foi encontrada'}: confira o link do QR code. Nada
            foi adicionado à sua coleção.
          </p>
        )}
        <div className="collect__buttons">
          {eventCard ? (
            eventButton
          ) : eventCard === null ? (
            // No event by that name for this visitor: 'Ir para Evento' would lead nowhere.
            <Link to={ROUTES.home} className="button">
              Ir para o início
            </Link>
          ) : null}
          {collectionButton}
        </div>
      </ScreenFrame>
    );
  }

  return (
    <ScreenFrame title="Coletar" className="collect">
      <div className="collect__stage">
        {video ? (
          <video
            className="collect__media"
            src={src}
            poster={mediaSource(thumbUrl(ref))}
            controls
            playsInline
            autoPlay
            loop
            muted
            aria-label={`Vídeo do evento ${ref.eventName}`}
          />
        ) : (
          // A still photo is drawn from its light display rendition (the URL the page's early copy
          // and preload name: server/src/modules/firstPaint/http/collectPreload.ts); sharing and printing take the
          // original.
          <CollectPhoto
            key={src}
            src={mediaKind(ref.file) === 'image' ? mediaSource(displayUrl(ref)) : src}
            fallback={src}
            thumb={mediaSource(thumbUrl(ref))}
            alt={`Foto do evento ${ref.eventName}`}
          />
        )}
        {celebrating && (
          <p className="collected" role="status">
            Coletado!
          </p>
        )}
      </div>
      {pending && (
        <div role="status" className="collect__problem">
          <p>{PENDING_TEXT}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => dispatch(offlineQueueFlushRequested())}
          >
            Tentar agora
          </button>
        </div>
      )}
      <div className="collect__actions">
        <button type="button" className="icon-button" aria-label="Mostrar QR code" onClick={() => setQrOpen(true)}>
          <QrIcon />
        </button>
        <MediaActions url={url} />
      </div>
      <div className="collect__buttons">
        {eventButton}
        {collectionButton}
      </div>
      <GuestContactOffer eventName={ref.eventName} />
      <DeliveryOffer eventName={ref.eventName} />
      {qrOpen && (
        <Modal title="QR code" onClose={() => setQrOpen(false)}>
          <Suspense fallback={<p role="status">Carregando...</p>}>
            <QrCode value={window.location.href} />
          </Suspense>
          <p>Mostre este código para alguém coletar a mesma foto.</p>
        </Modal>
      )}
    </ScreenFrame>
  );
}
