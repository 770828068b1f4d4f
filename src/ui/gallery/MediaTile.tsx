import { memo, useState, type CSSProperties } from 'react';
import { mediaSource } from '../../api/mediaSource';
import { mediaKind, parseMediaPath, thumbUrl } from '../../../contract/mediaPath';
import { PlayIcon } from '../icons';

interface MediaTileProps {
  url: string;
  label: string;
  onOpen: (url: string) => void;
  /** A tile of the first screen: its thumbnail is asked for at once, first (it is the page's largest paint). */
  priority?: boolean;
  /**
   * A tile wider than it is tall (the newest photos, sharing a gallery's first row): the picture
   * shows whole, over a blurred copy of itself that fills the rest, instead of a thin slice.
   */
  whole?: boolean;
  /** Flown past in a fast scroll: no photo asked for yet. Once shown, a photo stays. */
  waiting?: boolean;
}

/**
 * One tile of a gallery: the small WebP thumbnail (lazy below the first screen, in a box the
 * stylesheet sizes, so nothing shifts when it arrives). A video's thumbnail is its poster frame
 * under a play mark; a video the server could make no poster for keeps the plain play tile.
 * Memoised: a gallery's rows are drawn again as it scrolls, its tiles only when they change.
 */
export const MediaTile = memo(function MediaTile({
  url,
  label,
  onOpen,
  priority = false,
  whole = false,
  waiting = false,
}: MediaTileProps) {
  const ref = parseMediaPath(url);
  const video = ref !== null && mediaKind(ref.file) === 'video';
  const [noPoster, setNoPoster] = useState(false);
  const [asked, setAsked] = useState(!waiting);
  if (!waiting && !asked) setAsked(true);
  const src = asked && ref && !(video && noPoster) ? mediaSource(thumbUrl(ref)) : null;
  const thumb = src ? (
    <img
      className="tile__image"
      src={src}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      width={180}
      height={180}
      onError={video ? () => setNoPoster(true) : undefined}
    />
  ) : null;
  const backdrop = whole && src ? ({ '--tile-backdrop': `url("${src}")` } as CSSProperties) : undefined;
  return (
    <button
      type="button"
      className={backdrop ? 'tile tile--whole' : 'tile'}
      style={backdrop}
      onClick={() => onOpen(url)}
      aria-label={label}
    >
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
});
