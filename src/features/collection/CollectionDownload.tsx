import './collection.css';
import { useEffect, useReducer, useRef } from 'react';
import { apiBaseUrl } from '../../api/apiSlice';
import { mediaSource } from '../../api/mediaSource';
import { canShareFiles } from '../../ui/share/shareMedia';
import { useHydrated } from '../../ui/useHydrated';
import { fetchShareFiles, shareablePhotos } from '../../ui/share/shareFiles';
import { photos, readyText } from './shareText';
import { SHARING_IDLE, shareFlow } from './shareFlow';

/**
 * Every photo of 'Minha Coleção' in one tap. 'Baixar todas' posts the list as a plain
 * form: the server streams the ZIP, and the browser saves it as it comes, whatever its size. Where
 * the phone can share files, 'Compartilhar' hands the newest photos to the system's sheet
 * (WhatsApp, Fotos): fetched first, then shared with a second tap, as a share must start from one.
 */
export function CollectionDownload({ urls }: { urls: readonly string[] }) {
  const shareable = shareablePhotos(urls);
  const [sharing, dispatch] = useReducer(shareFlow<File>, SHARING_IDLE);
  // What the browser can do is known in the browser only, after the pre-rendered page hydrated.
  const canShare = useHydrated() && canShareFiles(navigator, 'foto.jpg');
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const prepare = async () => {
    abort.current = new AbortController();
    dispatch({ type: 'prepare' });
    const files = await fetchShareFiles(shareable, mediaSource, abort.current.signal);
    if (!abort.current.signal.aborted) dispatch({ type: 'prepared', files });
  };
  const share = async (files: File[]) => {
    try {
      await navigator.share({ files, title: 'Minha Coleção' });
      dispatch({ type: 'shared' });
    } catch (error) {
      // Closing the sheet is no failure; anything else is said.
      dispatch({ type: (error as DOMException)?.name === 'AbortError' ? 'dismissed' : 'refused' });
    }
  };

  return (
    <div className="collection__download">
      <form method="post" action={`${apiBaseUrl()}/baixar/colecao`}>
        {urls.map((url) => (
          <input key={url} type="hidden" name="itens" value={url} />
        ))}
        <button type="submit" className="button">
          Baixar todas
        </button>
      </form>
      {canShare && shareable.length > 0 && (
        <>
          {sharing.step === 'ready' ? (
            <button type="button" className="button" onClick={() => void share(sharing.files)}>
              Compartilhar {photos(sharing.files.length)}
            </button>
          ) : (
            <button
              type="button"
              className="button button--secondary"
              disabled={sharing.step === 'preparing'}
              onClick={() => void prepare()}
            >
              {sharing.step === 'preparing' ? 'Preparando as fotos...' : 'Compartilhar'}
            </button>
          )}
          {sharing.step === 'failed' && <p role="alert">{sharing.message}</p>}
        </>
      )}
      <p role="status" className="collection__share-status">
        {sharing.step === 'ready' && sharing.files.length < urls.length ? readyText(urls, sharing.files.length) : ''}
        {sharing.step === 'done' ? 'Fotos compartilhadas.' : ''}
      </p>
    </div>
  );
}
