import { Suspense, useEffect, useMemo, useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { parseMediaPath } from '../../../contract/mediaPath';
import { countedMedia } from '../../lib/mediaCount';
import type { QueuedCollect, QueuedPrint } from '../../lib/offlineQueue';
import { ROUTES } from '../../../contract/routePaths';
import {
  collectionShown,
  selectAgentResultsKnown,
  useAppDispatch,
  useAppSelector,
  useGetAccountQuery,
  useSession,
  PENDING_TEXT,
  selectOutboxLoaded,
  selectPendingCollects,
  selectPendingPrints,
} from '../../session';
import { MediaGrid } from '../../ui/gallery/MediaGrid';
import { useOpenItem } from '../../ui/gallery/useOpenItem';
import { usePreloadWhenIdle } from '../../ui/whenIdle';
import { notify } from '../../ui/notify';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { useEventCard } from '../events';
import { EraseMyData, selectCollectionErased } from '../privacy';
import { OpenedItem, preloadItemViewer } from '../print';
import { CollectionDownload } from './CollectionDownload';

const EMPTY_COLLECTION = 'Você ainda não coletou nenhuma foto!';

function describe(item: QueuedCollect | QueuedPrint): string {
  const ref = parseMediaPath(item.kind === 'collect' ? item.url : item.printId);
  const name = ref ? `${ref.file} (${ref.eventName})` : item.kind === 'collect' ? item.url : item.printId;
  return item.kind === 'collect' ? `Coleta de ${name}` : `Impressão de ${name}`;
}

/** What the visitor did without a connection, still on its way to the server. */
function PendingList({ items }: { items: Array<QueuedCollect | QueuedPrint> }) {
  return (
    <section className="collection__pending" aria-labelledby="collection-pending">
      <h2 id="collection-pending">Aguardando conexão</h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            {describe(item)}: <span className="collection__pending-state">{PENDING_TEXT}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Everything the visitor collected, newest first (docs/product.md#collection). What a signed-in
 * visitor's account holds (collected on another phone) joins it as the account is read.
 */
export default function CollectionPage() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { identity, collection: items } = useSession();
  const resultsKnown = useAppSelector(selectAgentResultsKnown);
  useEffect(() => {
    dispatch(collectionShown());
  }, [dispatch]);
  const status = identity.status;
  // What the account collected on another phone joins when the visitor comes back to this one.
  const account = useGetAccountQuery(undefined, {
    skip: status !== 'signedIn',
    refetchOnFocus: true,
    refetchOnReconnect: true,
  });
  const [open, setOpen] = useOpenItem();
  usePreloadWhenIdle(preloadItemViewer);
  const warned = useRef(false);
  // Emptied by 'Apagar minhas fotos' here: the page stays to say so instead of warning and leaving.
  const erased = useAppSelector(selectCollectionErased);

  const pendingCollects = useAppSelector(selectPendingCollects);
  const pendingPrints = useAppSelector(selectPendingPrints);
  const pending = [...pendingCollects, ...pendingPrints];
  const outboxRead = useAppSelector(selectOutboxLoaded);
  // An empty list is only empty once we know who this is (a signed-in visitor's account may hold
  // what they collected on another phone), what waits to be sent (read from storage at start) and
  // what the booths made for this visitor (the AI mirror's image of a session just ended).
  const waiting =
    items.length === 0 &&
    (status === 'unknown' ||
      !outboxRead ||
      !resultsKnown ||
      (status === 'signedIn' && (account.isUninitialized || account.isLoading)));
  // Something collected offline and still waiting is not an empty collection.
  const empty = items.length === 0 && !waiting && !account.data?.collection?.length && pending.length === 0;
  useEffect(() => {
    if (!empty || warned.current || erased) return;
    warned.current = true;
    notify(EMPTY_COLLECTION);
    void navigate(ROUTES.events, { replace: true });
  }, [empty, erased, navigate]);

  const newestFirst = useMemo(() => [...items].reverse(), [items]);
  // The opened item's event by its title, as people know it (its card, when the visitor may see it).
  const openedEvent = open ? (parseMediaPath(open)?.eventName ?? '') : '';
  const openedCard = useEventCard(openedEvent, { skip: openedEvent === '' });

  return (
    <ScreenFrame title="Minha Coleção" className="collection">
      {waiting && <p role="status">Carregando...</p>}
      {items.length > 0 && <p className="collection__count">{countedMedia(items)}</p>}
      {pending.length > 0 && <PendingList items={pending} />}
      {items.length > 0 && <CollectionDownload urls={newestFirst} />}
      {items.length > 0 && (
        <MediaGrid
          label="Minha Coleção"
          urls={newestFirst}
          onOpen={setOpen}
          labelOf={(i) => `Item ${i + 1} de ${items.length}`}
        />
      )}
      {/* What the guest came for first; erasing everything last, and quiet: never the first thing a tap finds. */}
      {(items.length > 0 || erased) && (
        <div className="collection__privacy">
          <Suspense fallback={null}>
            <EraseMyData quiet />
          </Suspense>
          <Link to={ROUTES.privacy}>Privacidade e seus dados</Link>
        </div>
      )}
      {open && items.includes(open) && (
        <OpenedItem url={open} eventTitle={openedCard?.displayTitle} onClose={() => setOpen(null)} />
      )}
    </ScreenFrame>
  );
}
