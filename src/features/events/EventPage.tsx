import './events.css';
import { Suspense, useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isMediaMode, type BoothMode } from '../../../contract/modes';
import { EVENT_QUERY } from '../../../contract/eventAddress';
import { boothRoute, ROUTES, withQuery } from '../../../contract/routePaths';
import { eventVisited, useAppDispatch, useSession } from '../../session';
import { LoginLink } from '../../ui/LoginLink';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { BoothCarousel } from './BoothCarousel';
import { boothModes, eventNameOf, readEventState, type EventNavigationState } from './eventLocation';
import { eventsApi, useGetEventQuery, useGetVisitedEventsQuery } from './eventsApi';
import { removeGalleryShell } from '../../firstPaint/galleryShellRemoval';
import { useBoothMode } from './useBoothMode';
import { useReloadCookieRule } from './useReloadCookieRule';
import type { EventName } from '../../../contract/names';

export interface EventOutletContext {
  eventName: EventName;
}

/**
 * Finds the event: from navigation state (the events list), from the `id` query (needs a
 * sign-in, docs/product.md#roles-and-permissions), or, for a bare name (the state's, or the address's `evento`), from
 * the public events call.
 */
function useEventData() {
  const location = useLocation();
  const [params] = useSearchParams();
  const { identity, agent } = useSession();
  const status = identity.status;
  const fromState = readEventState(location.state);
  const id = params.get('id');
  const byId = useGetEventQuery(id ?? '', { skip: !id || fromState.devices !== undefined || status !== 'signedIn' });
  const eventName = fromState.bname ?? eventNameOf(params.get(EVENT_QUERY)) ?? byId.data?.bname ?? '';
  const byName = useGetVisitedEventsQuery(
    { events: [eventName], agent: agent || 'anonimo' },
    { skip: !eventName || fromState.devices !== undefined || byId.data !== undefined },
  );
  const devices = fromState.devices ?? byId.data?.devices ?? byName.data?.[0]?.devices;
  const displayTitle = fromState.displayTitle ?? byId.data?.displayTitle ?? byName.data?.[0]?.displayTitle ?? eventName;
  const faceSearch = fromState.faceSearch ?? (byId.data?.faceSearch ?? byName.data?.[0]?.faceSearch) === true;
  const needsLogin = Boolean(id) && !fromState.devices && status === 'signedOut';
  const loading =
    !needsLogin && !devices && (byId.isFetching || byName.isFetching || (Boolean(id) && status === 'unknown'));
  const notFound = !loading && !needsLogin && (!eventName || !devices);
  return {
    eventName,
    displayTitle,
    faceSearch,
    devices: devices ?? [],
    needsLogin,
    loading,
    notFound,
    byId: Boolean(id),
  };
}

/**
 * The address names the event shown (`?evento=`), whichever way the guest came (a collect link's
 * 'Ir para Evento', an older bookmark): a reload or a shared link opens the same gallery, and the
 * server draws its first photos into the page. An event opened by its `id` keeps that link.
 */
function useEventInAddress(eventName: EventName, found: boolean, byId: boolean): void {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const named = params.get(EVENT_QUERY);
  useEffect(() => {
    if (!found || byId || !eventName || named === eventName) return;
    const next = new URLSearchParams(params);
    next.set(EVENT_QUERY, eventName);
    void navigate(
      { pathname: location.pathname, search: `?${next.toString()}` },
      { replace: true, state: location.state, preventScrollReset: true },
    );
  }, [found, byId, eventName, named, params, navigate, location.pathname, location.state]);
}

export default function EventPage() {
  useReloadCookieRule();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { search } = useLocation();
  const active = useBoothMode();
  const { eventName, displayTitle, faceSearch, devices, needsLogin, loading, notFound, byId } = useEventData();
  const modes = boothModes(devices);
  useEventInAddress(eventName, !loading && !needsLogin && !notFound && modes.length > 0, byId);
  const prefetchGallery = eventsApi.usePrefetch('getBoothMedia');

  useEffect(() => {
    // A gallery opened directly: its list is asked for with the event's booths, not after them
    // (the same arguments as BoothGalleryPage's, so the gallery finds it in the cache).
    if (loading && eventName && isMediaMode(active)) prefetchGallery({ eventName, type: active });
  }, [loading, eventName, active, prefetchGallery]);

  useEffect(() => {
    if (eventName && modes.length > 0) dispatch(eventVisited(eventName));
  }, [dispatch, eventName, modes.length]);

  // The server's copy of a gallery's first photos stays only while that gallery is on its way.
  const showsGallery = loading || (!needsLogin && !notFound && modes.length > 0 && isMediaMode(active));
  useEffect(() => {
    if (!showsGallery) removeGalleryShell();
  }, [showsGallery]);
  useEffect(() => removeGalleryShell, []);

  // What a booth of this event hands the next one: the page then asks nothing again.
  const carried: EventNavigationState = {
    bname: eventName,
    devices,
    displayTitle: displayTitle !== eventName ? displayTitle : undefined,
    faceSearch: faceSearch || undefined,
  };
  const go = (mode: BoothMode) => void navigate(`${boothRoute(mode)}${search}`, { state: carried, replace: true });

  if (needsLogin) {
    return (
      <ScreenFrame title="Evento">
        <p>Entre na sua conta para abrir este evento pelo link.</p>
        <LoginLink>Logar/Criar conta</LoginLink>
      </ScreenFrame>
    );
  }
  if (loading) {
    return (
      <ScreenFrame title="Evento">
        <p role="status">Carregando...</p>
      </ScreenFrame>
    );
  }
  if (notFound || modes.length === 0) {
    return (
      <ScreenFrame title="Evento">
        <p>Evento não encontrado.</p>
        <Link to={ROUTES.events}>Ver meus eventos</Link>
      </ScreenFrame>
    );
  }
  if (!active) {
    const first = modes.find((m) => m !== 'nulo') ?? modes[0];
    return <Navigate to={`${boothRoute(first)}${search}`} replace state={carried} />;
  }

  return (
    <ScreenFrame title={displayTitle} className="event">
      {faceSearch && (
        <Link className="event__face-search" to={withQuery(ROUTES.face, { [EVENT_QUERY]: eventName })}>
          Encontre minhas fotos
        </Link>
      )}
      <BoothCarousel modes={modes} active={active} onSelect={go} />
      <Suspense fallback={<p role="status">Carregando...</p>}>
        <Outlet context={{ eventName } satisfies EventOutletContext} />
      </Suspense>
    </ScreenFrame>
  );
}
