import './events.css';
import { useEffect, useLayoutEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { mediaSource } from '../../api/mediaSource';
import type { EventCard } from '../../../contract/wire';
import { NO_EVENTS_TEXT, NO_EVENTS_TITLE } from '../../../contract/eventsList';
import { isMediaMode } from '../../../contract/modes';
import { PHONE_COLUMNS } from '../../../contract/galleryRows';
import { boothAddress } from '../../../contract/eventAddress';
import { useGetAccountQuery, useSession } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { LoginLink } from '../../ui/LoginLink';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { warmThumbnails } from '../../ui/gallery/warmThumbnails';
import { useIdle, usePreloadWhenIdle } from '../../ui/whenIdle';
import { boothModes, type EventNavigationState } from './eventLocation';
import { eventsApi, useGetBoothMediaQuery, useGetVisitedEventsQuery, type BoothMediaArgs } from './eventsApi';
import { preloadEventAndGallery } from './eventScreens';
import { removeEventsShell } from '../../firstPaint/eventsShellRemoval';

const EVENTS_POLL_MS = 30_000;

/**
 * The public events whose first gallery's list is asked for while the page is idle (a few kB
 * each, even for thousands of photos): a tap on one of them draws its photos with the screen,
 * instead of drawing an empty screen, waiting for the list and drawing again.
 */
const GALLERIES_READIED = 3;

/**
 * Holds a gallery's list while the events list shows (a prefetch alone is forgotten after a
 * minute); the gallery, once opened, asks it again as it does any list older than its poll. The
 * thumbnails of its first row come too (a few kB each): a tap draws the photos, not empty tiles.
 */
function ReadiedGallery(args: BoothMediaArgs) {
  const { data } = useGetBoothMediaQuery(args);
  useEffect(() => {
    // The list is oldest first; a gallery shows it newest first.
    if (data) warmThumbnails(data.product.slice(-PHONE_COLUMNS).reverse());
  }, [data]);
  return null;
}

function EventCardView({ event, readyGallery }: { event: EventCard; readyGallery: boolean }) {
  const navigate = useNavigate();
  const prefetchGallery = eventsApi.usePrefetch('getBoothMedia');
  const modes = boothModes(event.devices);
  const first = modes.find((m) => m !== 'nulo') ?? modes[0] ?? 'nulo';
  const open = () => {
    // The gallery's list is asked for with the tap, while the screen draws (the same arguments as
    // BoothGalleryPage's, so it finds it in the cache), not once its code has run.
    if (isMediaMode(first)) prefetchGallery({ eventName: event.title, type: first });
    const state: EventNavigationState = {
      bname: event.title,
      devices: event.devices,
      displayTitle: event.displayTitle,
      faceSearch: event.faceSearch,
    };
    void navigate(boothAddress(first, event.title), { state });
  };
  return (
    <li className="event-card">
      {readyGallery && event.visible && isMediaMode(first) && <ReadiedGallery eventName={event.title} type={first} />}
      <button type="button" className="event-card__button" onClick={open}>
        <span className="event-card__cover">
          {event.cover && <img src={mediaSource(event.cover)} alt="" loading="lazy" width={600} height={250} />}
        </span>
        <span className="event-card__body">
          {event.profile && (
            <img
              className="event-card__profile"
              src={mediaSource(event.profile)}
              alt=""
              loading="lazy"
              width={56}
              height={56}
            />
          )}
          <span className="event-card__title">{event.displayTitle || event.title}</span>
          <span className="event-card__meta">
            {event.photos === 1 ? '1 foto' : `${event.photos} fotos`}
            {!event.visible && (event.visibility === 'link' ? ' · Somente com o link' : ' · Privado')}
          </span>
        </span>
      </button>
    </li>
  );
}

/** The events the visitor attended (docs/product.md#events-list). */
export default function EventsListPage() {
  const { identity, events, agent } = useSession();
  const idle = useIdle();
  // A tap on a card opens an event's gallery: its code is here by then.
  usePreloadWhenIdle(preloadEventAndGallery);
  const status = identity.status;
  // The server's copy of this screen goes as the screen itself is drawn, in the same frame.
  useLayoutEffect(removeEventsShell, []);
  // A signed-in visitor's account holds events from other devices and the ones they created:
  // the session merges them into this device's list when the account answers.
  useGetAccountQuery(undefined, { skip: status !== 'signedIn' });

  // Asked at once, without waiting for the identity service; once someone signs in, the session
  // asks it again with their token (private events appear).
  // The cards' photo counts grow during the party: asked again every 30 s while the page is
  // visible, and when the visitor comes back to it.
  const { data, isLoading, isError, refetch } = useGetVisitedEventsQuery(
    { events, agent: agent || 'anonimo' },
    {
      skip: events.length === 0,
      pollingInterval: EVENTS_POLL_MS,
      skipPollingIfUnfocused: true,
      refetchOnFocus: true,
      refetchOnReconnect: true,
    },
  );

  return (
    <ScreenFrame title="Eventos">
      {isLoading && <p role="status">Carregando...</p>}
      {isError && !data && (
        <LoadError message="Não foi possível carregar seus eventos." onRetry={() => void refetch()} />
      )}
      {(events.length === 0 || data?.length === 0) && (
        <div className="empty">
          <p className="empty__title">{NO_EVENTS_TITLE}</p>
          <p>{NO_EVENTS_TEXT}</p>
        </div>
      )}
      {data && data.length > 0 && (
        <ul className="event-list" aria-label="Seus eventos">
          {data.map((event, index) => (
            <EventCardView key={event.title} event={event} readyGallery={idle && index < GALLERIES_READIED} />
          ))}
        </ul>
      )}
      {/* Below the list, once the list is there: shown under 'Carregando...', the list arriving
          above would push it down (a layout shift) under the guest's eyes. */}
      {status === 'signedOut' && !isLoading && (
        <div className="login-prompt">
          <p>Entre para ver também os eventos privados em que você esteve e guardar suas fotos na sua conta.</p>
          <LoginLink>Logar/Criar conta</LoginLink>
        </div>
      )}
    </ScreenFrame>
  );
}
