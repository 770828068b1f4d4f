import { mediaSource } from '../../api/mediaSource';
import { mediaKind, parseMediaPath, thumbUrl } from '../../lib/mediaPath';
import { PlayIcon } from '../icons';

interface MediaTileProps {
  url: string;
  label: string;
  onOpen: (url: string) => void;
}

/**
 * One square tile of a gallery: the small WebP thumbnail for images and GIFs (lazy, in a box of
 * fixed size, so nothing shifts when it arrives), a play tile for videos.
 */
export function MediaTile({ url, label, onOpen }: MediaTileProps) {
  const ref = parseMediaPath(url);
  const kind = ref ? mediaKind(ref.file) : null;
  return (
    <button type="button" className="tile" onClick={() => onOpen(url)} aria-label={label}>
      {ref && kind !== 'video' ? (
        <img className="tile__image" src={mediaSource(thumbUrl(ref))} alt="" loading="lazy" decoding="async" width={180} height={180} />
      ) : (
        <span className="tile__video">
          <PlayIcon />
        </span>
      )}
    </button>
  );
}
