import { useState } from 'react';
import { mediaSource } from '../../api/mediaSource';
import { mediaKind, parseMediaPath, thumbUrl } from '../../../contract/mediaPath';
import { PlayIcon } from '../icons';

interface MediaTileProps {
  url: string;
  label: string;
  onOpen: (url: string) => void;
  /** A tile of the first screen: its thumbnail is asked for at once, first (it is the page's largest paint). */
  priority?: boolean;
}

/**
 * One square tile of a gallery: the small WebP thumbnail (lazy below the first screen, in a box of fixed size, so nothing
 * shifts when it arrives). A video's thumbnail is its poster frame under a play mark; a video the
 * server could make no poster for keeps the plain play tile.
 */
export function MediaTile({ url, label, onOpen, priority = false }: MediaTileProps) {
  const ref = parseMediaPath(url);
  const video = ref !== null && mediaKind(ref.file) === 'video';
  const [noPoster, setNoPoster] = useState(false);
  const thumb =
    ref && !(video && noPoster) ? (
      <img
        className="tile__image"
        src={mediaSource(thumbUrl(ref))}
        alt=""
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'auto'}
        decoding="async"
        width={180}
        height={180}
        onError={video ? () => setNoPoster(true) : undefined}
      />
    ) : null;
  return (
    <button type="button" className="tile" onClick={() => onOpen(url)} aria-label={label}>
      {video ? (
        <span className={thumb ? 'tile__video tile__video--poster' : 'tile__video'}>
          {thumb}
          <PlayIcon />
        </span>
      ) : (
        thumb
      )}
    </button>
  );
}
