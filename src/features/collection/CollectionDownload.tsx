import './collection.css';
import { useEffect, useRef, useState } from 'react';
import { apiBaseUrl } from '../../api/apiSlice';
import { mediaSource } from '../../api/mediaSource';
import { canShareFiles } from '../../ui/share/shareMedia';
import { useHydrated } from '../../ui/useHydrated';
import { fetchShareFiles, shareablePhotos } from '../../ui/share/shareFiles';

type Sharing = { step: 'idle' } | { step: 'preparing' } | { step: 'ready'; files: File[] } | { step: 'done' } | { step: 'failed'; message: string };

const counted = (n: number) => (n === 1 ? '1 foto' : `${n} fotos`);

/**
 * Every photo of 'Minha Coleção' in one tap (issue 27). 'Baixar todas' posts the list as a plain
 * form: the server streams the ZIP, and the browser saves it as it comes, whatever its size. Where
 * the phone can share files, 'Compartilhar' hands the newest photos to the system's sheet
 * (WhatsApp, Fotos): fetched first, then shared with a second tap, as a share must start from one.
 */
export function CollectionDownload({ urls }: { urls: readonly string[] }) {
  const photos = shareablePhotos(urls);
  const [sharing, setSharing] = useState<Sharing>({ step: 'idle' });
  // What the browser can do is known in the browser only, after the pre-rendered page hydrated.
  const canShare = useHydrated() && canShareFiles(navigator, 'foto.jpg');
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const prepare = async () => {
    abort.current = new AbortController();
    setSharing({ step: 'preparing' });
    const files = await fetchShareFiles(photos, mediaSource, abort.current.signal);
    if (abort.current.signal.aborted) return;
    setSharing(files.length > 0 ? { step: 'ready', files } : { step: 'failed', message: 'Não foi possível carregar as fotos. Verifique sua conexão.' });
  };
  const share = async (files: File[]) => {
    try {
      await navigator.share({ files, title: 'Minha Coleção' });
      setSharing({ step: 'done' });
    } catch (error) {
      // Closing the sheet is no failure; anything else is said.
      if ((error as DOMException)?.name === 'AbortError') setSharing({ step: 'ready', files });
      else setSharing({ step: 'failed', message: 'O celular não aceitou compartilhar as fotos.' });
    }
  };

  return (
    <div className="collection__download">
      <form method="post" action={`${apiBaseUrl()}/baixar/colecao`}>
        {urls.map((url) => (
          <input key={url} type="hidden" name="itens" value={url} />
        ))}
        <button type="submit" className="button button--secondary">
          Baixar todas
        </button>
      </form>
      {canShare && photos.length > 0 && (
        <>
          {sharing.step === 'ready' ? (
            <button type="button" className="button" onClick={() => void share(sharing.files)}>
              Compartilhar {counted(sharing.files.length)}
            </button>
          ) : (
            <button type="button" className="button button--secondary" disabled={sharing.step === 'preparing'} onClick={() => void prepare()}>
              {sharing.step === 'preparing' ? 'Preparando as fotos...' : 'Compartilhar'}
            </button>
          )}
          {sharing.step === 'failed' && <p role="alert">{sharing.message}</p>}
        </>
      )}
      <p role="status" className="collection__share-status">
        {sharing.step === 'ready' && photos.length < urls.length ? `As ${counted(sharing.files.length)} mais recentes estão prontas.` : ''}
        {sharing.step === 'done' ? 'Fotos compartilhadas.' : ''}
      </p>
    </div>
  );
}
