import { useMemo } from 'react';
import { useLocation, useOutletContext, useSearchParams } from 'react-router-dom';
import type { MediaMode } from '../../api/wire';
import { MediaGrid } from '../../ui/gallery/MediaGrid';
import { MediaViewer } from '../../ui/gallery/MediaViewer';
import { MediaActions } from '../share/MediaActions';
import { BOOTH_LABEL } from './boothIcons';
import type { EventOutletContext } from './EventPage';
import { useGetBoothMediaQuery } from './eventsApi';
import { useBoothMode } from './useBoothMode';

/** The gallery of one booth of the event, newest first; `?item=` opens one item in full. */
export default function BoothGalleryPage() {
  const mode = useBoothMode() as MediaMode;
  const { bname } = useOutletContext<EventOutletContext>();
  const { data, isLoading, isError, refetch } = useGetBoothMediaQuery({ bname, type: mode });
  const newestFirst = useMemo(() => (data ? [...data.product].reverse() : []), [data]);
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const open = params.get('item');

  const setOpen = (url: string | null) => {
    const next = new URLSearchParams(params);
    if (url) next.set('item', url);
    else next.delete('item');
    setParams(next, { replace: url === null, preventScrollReset: true, state: location.state });
  };

  return (
    <section aria-labelledby="gallery-title" className="gallery">
      <h2 id="gallery-title" className="gallery__title">
        {BOOTH_LABEL[mode]}
      </h2>
      {isLoading && <p role="status">Carregando...</p>}
      {isError && (
        <p role="alert">
          Não foi possível carregar as fotos.{' '}
          <button type="button" className="link-button" onClick={() => void refetch()}>
            Tentar novamente
          </button>
        </p>
      )}
      {data && newestFirst.length === 0 && <p>Nenhuma foto nesta cabine ainda.</p>}
      {newestFirst.length > 0 && (
        <MediaGrid label={`Galeria ${BOOTH_LABEL[mode]}`} urls={newestFirst} onOpen={setOpen} labelOf={(i) => `${mode === '360' ? 'Vídeo' : 'Foto'} ${i + 1} de ${newestFirst.length}`} />
      )}
      {open && newestFirst.includes(open) && <MediaViewer url={open} onClose={() => setOpen(null)} actions={<MediaActions url={open} />} />}
    </section>
  );
}
