import { useMemo } from 'react';
import { useOutletContext } from 'react-router-dom';
import type { MediaMode } from '../../lib/modes';
import { MediaGrid } from '../../ui/gallery/MediaGrid';
import { MediaViewer } from '../../ui/gallery/MediaViewer';
import { useOpenItem } from '../../ui/gallery/useOpenItem';
import { LoadError } from '../../ui/LoadError';
import { MediaActions } from '../share';
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
  const [open, setOpen] = useOpenItem();

  return (
    <section aria-labelledby="gallery-title" className="gallery">
      <h2 id="gallery-title" className="gallery__title">
        {BOOTH_LABEL[mode]}
      </h2>
      {isLoading && <p role="status">Carregando...</p>}
      {isError && <LoadError message="Não foi possível carregar as fotos." onRetry={() => void refetch()} />}
      {data && newestFirst.length === 0 && <p>Nenhuma foto nesta cabine ainda.</p>}
      {newestFirst.length > 0 && (
        <MediaGrid label={`Galeria ${BOOTH_LABEL[mode]}`} urls={newestFirst} onOpen={setOpen} labelOf={(i) => `${mode === '360' ? 'Vídeo' : 'Foto'} ${i + 1} de ${newestFirst.length}`} />
      )}
      {open && newestFirst.includes(open) && <MediaViewer url={open} onClose={() => setOpen(null)} actions={<MediaActions url={open} />} />}
    </section>
  );
}
