import { useEffect, useState, type CSSProperties, type SyntheticEvent } from 'react';
import { removeShellPreview } from './shellPreview';

interface CollectPhotoProps {
  src: string;
  /** Drawn instead when `src` does not come (a display rendition the server could not make). */
  fallback?: string;
  thumb: string;
  alt: string;
}

/** Booth photos are portrait 3:4 most often: the box before the thumbnail has told its shape. */
const DEFAULT_RATIO = 3 / 4;

/**
 * The collected photo, thumbnail first: the small WebP (which the served page already asked for,
 * server/src/modules/firstPaint/http/collectPreload.ts) shows at once in the photo's own box, and the photo covers it
 * when it has arrived. The box takes the picture's shape from whichever loads first, so nothing
 * below it moves when the photo replaces the thumbnail.
 */
export function CollectPhoto({ src, fallback, thumb, alt }: CollectPhotoProps) {
  const [drawn, setDrawn] = useState(src);
  const [ratio, setRatio] = useState<number | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [thumbFailed, setThumbFailed] = useState(false);

  // The page's own copy of the photo goes once this one is drawn (or if this screen goes first).
  useEffect(() => removeShellPreview, []);
  useEffect(() => {
    if (loaded) removeShellPreview();
  }, [loaded]);

  const measure = (event: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth, naturalHeight } = event.currentTarget;
    if (naturalWidth > 0 && naturalHeight > 0) setRatio((known) => known ?? naturalWidth / naturalHeight);
  };

  return (
    <div className="collect__photo" style={{ '--ratio': String(ratio ?? DEFAULT_RATIO) } as CSSProperties}>
      {!loaded && !thumbFailed && (
        <img className="collect__thumb" src={thumb} alt="" onLoad={measure} onError={() => setThumbFailed(true)} />
      )}
      <img
        className="collect__media"
        src={drawn}
        alt={alt}
        fetchPriority="high"
        onLoad={(event) => {
          measure(event);
          setLoaded(true);
        }}
        onError={() => {
          if (fallback && drawn !== fallback) setDrawn(fallback);
        }}
      />
    </div>
  );
}
