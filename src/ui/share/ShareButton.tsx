import { useEffect, useState } from 'react';
import { ShareIcon } from '../icons';
import { notify } from '../notify';
import { mimeOf } from '../../../contract/mediaPath';
import { canShareFiles, IOS_CHROME_VIDEO, SHARE_HINT, shareMedia } from './shareMedia';

/** Share or download one media file (`src` is its URL, `fileName` its name); `onShared` is told of a share made. */
export function ShareButton({ src, fileName, onShared }: { src: string; fileName: string; onShared?: () => void }) {
  const [file, setFile] = useState<File | null>(null);

  useEffect(() => {
    if (!canShareFiles(navigator, fileName)) return;
    const controller = new AbortController();
    fetch(src, { signal: controller.signal })
      .then((response) => (response.ok ? response.blob() : null))
      .then((blob) => blob && setFile(new File([blob], fileName, { type: blob.type || mimeOf(fileName) })))
      .catch(() => undefined);
    return () => controller.abort();
  }, [src, fileName]);

  const onClick = async () => {
    const outcome = await shareMedia(navigator, fileName, file);
    if (outcome === 'shared') onShared?.();
    if (outcome === 'hint') notify(SHARE_HINT);
    if (outcome === 'ios-chrome-video') notify(IOS_CHROME_VIDEO);
  };

  return (
    <button type="button" className="icon-button" aria-label="Compartilhar ou baixar" onClick={() => void onClick()}>
      <ShareIcon />
    </button>
  );
}
