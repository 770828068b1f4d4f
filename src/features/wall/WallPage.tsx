import './wall.css';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isRefusedForGood } from '../../api/apiError';
import { mediaSource } from '../../api/mediaSource';
import { useAppDispatch, useAppSelector, useSession } from '../../session';
import { LoginLink } from '../../ui/LoginLink';
import { isName, type EventName } from '../../../contract/names';
import { wallCollectLink, wallPage } from '../../../contract/wall';
import { useFullscreen } from './useFullscreen';
import { useWallFeed } from './useWallFeed';
import { useWallNight } from './useWallNight';
import { useGetWallAddressQuery } from './wallApi';
import { WallQrCode } from './WallQrCode';
import { advance, wantedPage } from './wallSchedule';
import {
  selectWall,
  slideElapsed,
  wallOpened,
  WALL_SLIDE_MS,
  WALL_VIDEO_SLIDE_MS,
  type WallAddress,
} from './wallSlice';
import { isWallVideo, WallStage } from './WallStage';

/** A full-screen message in the wall's frame. */
function WallMessage({ children, role = 'status' }: { children: React.ReactNode; role?: 'status' | 'alert' }) {
  return (
    <main className="wall wall--message" aria-label="Telão">
      <div role={role} className="wall__message">
        {children}
      </div>
    </main>
  );
}

/**
 * The live wall ('Telão'): `/telao?evento={publicId}` (and `&chave={key}` for an event
 * that is not public), full screen on a TV or a projector at the venue. It shows the event's
 * booth media one at a time, each new one the moment it comes, with the QR code of its collect
 * link beside it: a guest collects it from the wall with their phone.
 */
export default function WallPage() {
  const [params] = useSearchParams();
  const publicId = params.get('evento') ?? '';
  const key = params.get('chave');
  if (!isName(publicId)) {
    return (
      <WallMessage role="alert">
        <h1>Link do telão incompleto</h1>
        <p>Abra o telão pela sua conta, em Meu Evento, ou peça o link a quem organiza o evento.</p>
      </WallMessage>
    );
  }
  return <LiveWall publicId={publicId} wallKey={key} />;
}

/**
 * A wall's new address that could not be asked (no connection, the server down) is asked again after this long: a TV
 * has nobody to tap.
 */
const FOLLOW_RETRY_MS = 5_000;

/**
 * Where a closed wall of a signed-in viewer stands: going to its event's new address (the connection lost while it
 * asks), or not followed.
 */
type Following = 'asking' | 'offline' | null;

/**
 * A wall the owner or the team opened, whose address changed (every guest's access revoked gives
 * the event a new public id): once the server says this one no longer opens, asks the
 * event's wall address as its owner and goes there, so the screen goes on with QR codes that
 * open the event as it is now. A screen opened by a wall link is not followed: revoking every
 * guest's access takes its link away too. Says whether it is following, so that the screen says
 * so instead of 'Telão não encontrado' meanwhile.
 */
function useFollowMovedWall(publicId: string, eventName: EventName | undefined, closed: boolean): Following {
  const navigate = useNavigate();
  // The event's name as the wall last knew it: once it closes, its list (and the name) is gone.
  const [known, setKnown] = useState(eventName);
  if (eventName && eventName !== known) setKnown(eventName);
  const asking = closed && known !== undefined;
  const { currentData, isError, error, refetch } = useGetWallAddressQuery(known ?? '', { skip: !asking });
  const moved = currentData && currentData.publicId !== publicId ? currentData.publicId : null;
  const lost = isError && !isRefusedForGood(error);
  useEffect(() => {
    if (moved) void navigate(wallPage(moved), { replace: true });
  }, [moved, navigate]);
  useEffect(() => {
    if (!asking || !lost) return;
    const timer = setTimeout(() => void refetch(), FOLLOW_RETRY_MS);
    return () => clearTimeout(timer);
  }, [asking, lost, refetch]);
  if (!asking || (isError && !lost) || (currentData && !moved)) return null;
  return lost ? 'offline' : 'asking';
}

function LiveWall({ publicId, wallKey }: { publicId: string; wallKey: string | null }) {
  const dispatch = useAppDispatch();
  const { identity } = useSession();
  const viewer = identity.status === 'signedIn' ? identity.user.uid : identity.status;
  const ready = identity.status !== 'unknown';
  const address = useMemo<WallAddress>(() => ({ publicId, key: wallKey, viewer }), [publicId, wallKey, viewer]);
  useEffect(() => {
    if (ready) dispatch(wallOpened(address));
  }, [dispatch, ready, address]);
  const state = useAppSelector(selectWall);
  const { live, wall } = useWallFeed(address, { ready, stopped: state.status === 'notFound' });
  const showing = state.status === 'showing' ? state : null;
  useWallNight(address, showing ? wantedPage(showing.schedule) : null);
  const following = useFollowMovedWall(
    publicId,
    wall?.bname,
    state.status === 'notFound' && identity.status === 'signedIn',
  );
  const { full, enter } = useFullscreen();

  const current = showing ? showing.schedule.current : null;
  const slide = showing?.slide ?? -1;
  // Each slide its time on screen; the next photo is fetched meanwhile, so it appears whole.
  useEffect(() => {
    if (!showing) return;
    const next = advance(showing.schedule).current;
    if (next !== showing.schedule.current && !isWallVideo(next)) new Image().src = mediaSource(next);
    const timer = setTimeout(
      () => dispatch(slideElapsed()),
      isWallVideo(showing.schedule.current) ? WALL_VIDEO_SLIDE_MS : WALL_SLIDE_MS,
    );
    return () => clearTimeout(timer);
    // Only a new slide restarts the time (a list or a page answered meanwhile does not).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, slide]);

  if (state.status === 'idle' || state.status === 'loading') return <WallMessage>Carregando o telão...</WallMessage>;
  if (state.status === 'failed') {
    return (
      <WallMessage role="alert">
        <h1>Sem conexão com o servidor</h1>
        <p>O telão tenta de novo sozinho a cada poucos segundos.</p>
      </WallMessage>
    );
  }
  if (state.status === 'notFound' && following !== null) {
    return (
      <WallMessage>
        <h1>Procurando o telão do evento...</h1>
        {following === 'offline' && <p>Sem conexão: tentando de novo...</p>}
      </WallMessage>
    );
  }
  if (state.status === 'notFound') {
    return (
      <WallMessage role="alert">
        <h1>Telão não encontrado</h1>
        <p>Este link do telão não abre mais. Peça um novo a quem organiza o evento.</p>
        {identity.status !== 'signedIn' && <LoginLink>Organiza o evento? Entre na sua conta</LoginLink>}
      </WallMessage>
    );
  }

  const title = wall?.displayTitle ?? '';
  const offline = state.offline;
  const collectLink =
    current && showing ? `${window.location.origin}${wallCollectLink(current, showing.codes[current])}` : '';
  const video = current !== null && isWallVideo(current);
  const item = video ? 'este vídeo' : 'esta foto';
  return (
    <main className="wall" aria-label={`Telão de ${title}`}>
      <header className="wall__header">
        {wall?.cover ? <img className="wall__cover" src={mediaSource(wall.cover)} alt="" /> : null}
        <h1 className="wall__title">{title}</h1>
        <p className={`wall__status${offline ? ' wall__status--offline' : ''}`} role="status">
          {offline ? 'Sem conexão: tentando de novo...' : live ? 'Ao vivo' : ''}
        </p>
        {enter && !full && (
          <button type="button" className="wall__fullscreen" onClick={enter}>
            Tela cheia
          </button>
        )}
      </header>
      {state.status === 'empty' || current === null ? (
        <div className="wall__empty">
          <p>As fotos da festa aparecem aqui assim que saírem da cabine.</p>
        </div>
      ) : (
        <div className="wall__body">
          <div className="wall__stage">
            <WallStage url={current} label={`${video ? 'Vídeo' : 'Foto'} de ${title}`} />
          </div>
          <aside className="wall__collect" aria-label={`Coletar ${item}`}>
            <div className="wall__qr">
              <WallQrCode value={collectLink} label={`QR code para coletar ${item}`} />
            </div>
            <p className="wall__hint">Aponte a câmera do celular e colete {item}</p>
          </aside>
        </div>
      )}
    </main>
  );
}
