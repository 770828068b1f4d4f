import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useOutletContext } from 'react-router-dom';
import { apiErrorStatus } from '../../api/apiError';
import { apiBaseUrl } from '../../api/apiSlice';
import { path } from '../../lib/urlPath';
import { useSession } from '../../session';
import { BOOTH_LABEL } from '../../../contract/boothLabels';
import type { MediaMode } from '../../../contract/modes';
import { MediaGrid } from '../../ui/gallery/MediaGrid';
import { useOpenItem } from '../../ui/gallery/useOpenItem';
import { usePreloadWhenIdle } from '../../ui/whenIdle';
import { LoadError } from '../../ui/LoadError';
import { LoginLink } from '../../ui/LoginLink';
import { useRefetchOnLiveChange } from '../../ui/useRefetchOnLiveChange';
import { OpenedItem, preloadItemViewer } from '../print';
import type { EventOutletContext } from './EventPage';
import { useFollowBoothMediaQuery, useGetBoothMediaQuery } from './eventsApi';
import { hasGalleryShell, removeGalleryShell, removeGalleryShellOnceShown } from '../../firstPaint/galleryShellRemoval';
import { useBoothMode } from './useBoothMode';

/**
 * How an open gallery follows its booth: told by the server's live stream of each change, and
 * polled while the page is visible (every 5 s while the stream is not open, its fallback; every
 * 30 s while it is), asked again when the page comes back.
 */
const GALLERY_POLL_MS = 5_000;
const STREAMED_POLL_MS = 30_000;
const galleryFollowing = (streamed: boolean) =>
  ({
    pollingInterval: streamed ? STREAMED_POLL_MS : GALLERY_POLL_MS,
    skipPollingIfUnfocused: true,
    refetchOnFocus: true,
    refetchOnReconnect: true,
    // Back on a booth seen a moment ago: its cached list shows at once and is asked again.
    refetchOnMountOrArgChange: GALLERY_POLL_MS / 1000,
  }) as const;

/**
 * The gallery of one booth of the event, newest first; `?item=` opens one item in full. It is live:
 * what the booth uploads joins it within seconds while the page is visible (the server answers an
 * unchanged gallery 304, so a poll costs almost nothing), and new items arrive at the top without
 * moving what the guest is looking at.
 */
export default function BoothGalleryPage() {
  const mode = useBoothMode() as MediaMode;
  const { eventName } = useOutletContext<EventOutletContext>();
  // This booth's list only (currentData): another booth's photos never show under this one's name.
  // Follows who is signed in: the list is asked again with the token once someone signs in.
  const { identity } = useSession();
  // A stream opened for someone else (before a sign-in, after a sign-out) is opened again for who is here now.
  // Not before the login is known (it is, within moments): a stream opened then would be opened again.
  const viewer = identity.status === 'signedIn' ? identity.user.uid : identity.status;
  const { currentData: live } = useFollowBoothMediaQuery(
    { eventName, type: mode, viewer },
    { skip: identity.status === 'unknown' },
  );
  const {
    currentData: data,
    isFetching,
    isError,
    error,
    refetch,
  } = useGetBoothMediaQuery({ eventName, type: mode }, galleryFollowing(live?.live ?? false));
  // A new photo joins the list within a second of the server saying so.
  useRefetchOnLiveChange(live, { shown: data?.version, isFetching, refetch });
  const refusal = error ? (apiErrorStatus(error) ?? null) : null;
  const newestFirst = useMemo(() => (data ? [...data.product].reverse() : []), [data]);
  const [open, setOpen] = useOpenItem();
  // The viewer's code comes once the photos are on the screen, before the first tap.
  usePreloadWhenIdle(preloadItemViewer);
  // One function while the list stands: a new one draws every tile again.
  const count = newestFirst.length;
  const labelOf = useCallback(
    (i: number) => `${mode === '360' ? 'Vídeo' : 'Foto'} ${i + 1} de ${count}`,
    [mode, count],
  );

  // The page's copy of the first photos (drawn by the server) goes once these are on the screen.
  const section = useRef<HTMLElement>(null);
  const settled = data !== undefined || isError;
  useEffect(() => {
    if (!settled || !hasGalleryShell()) return;
    if (count === 0) {
      removeGalleryShell();
      return;
    }
    const onScreen = [...(section.current?.querySelectorAll<HTMLImageElement>('img.tile__image') ?? [])].filter(
      (image) => image.getBoundingClientRect().top < window.innerHeight,
    );
    return removeGalleryShellOnceShown(onScreen);
  }, [settled, count]);

  return (
    <section ref={section} aria-labelledby="gallery-title" className="gallery">
      <h2 id="gallery-title" className="gallery__title">
        {BOOTH_LABEL[mode]}
      </h2>
      {/* A link the browser downloads (with the media cookie a private event's files need), beside the
          title and out of the page's flow: the photos below stay where the server drew them. */}
      {newestFirst.length > 0 && (
        <a
          className="button button--secondary gallery__download"
          href={apiBaseUrl() + path`/baixar/${eventName}/${mode}`}
          download
        >
          Baixar todas
        </a>
      )}
      {!data && isFetching && <p role="status">Carregando...</p>}
      {/* A poll that fails keeps the photos on screen; the next one tries again. */}
      {isError && !data && !isFetching && refusal === 401 && (
        <div role="alert" className="gallery__private">
          <p>Este evento é privado. Faça login para ver as fotos.</p>
          <LoginLink>Logar/Criar conta</LoginLink>
        </div>
      )}
      {isError && !data && !isFetching && refusal === 403 && (
        <p role="alert">Este evento é privado: sua conta não tem acesso às fotos dele.</p>
      )}
      {isError && !data && !isFetching && refusal === 404 && <p role="alert">Evento não encontrado.</p>}
      {isError && !data && !isFetching && refusal !== 401 && refusal !== 403 && refusal !== 404 && (
        <LoadError message="Não foi possível carregar as fotos." onRetry={() => void refetch()} />
      )}
      {data && newestFirst.length === 0 && <p>Nenhuma foto nesta cabine ainda.</p>}
      {newestFirst.length > 0 && (
        <MediaGrid
          growsAtTop
          label={`Galeria ${BOOTH_LABEL[mode]}`}
          urls={newestFirst}
          onOpen={setOpen}
          labelOf={labelOf}
        />
      )}
      {open && newestFirst.includes(open) && <OpenedItem url={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
