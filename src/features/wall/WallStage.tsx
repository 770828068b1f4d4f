import { mediaSource } from '../../api/mediaSource';
import { mediaKind, parseMediaPath, thumbUrl } from '../../../contract/mediaPath';

/**
 * The medium on the wall, as large as the screen lets it: a photo (its original: a TV is no
 * phone), or a video playing muted in a loop for its 15 s (a venue has its own music). Each new one fades in.
 */
export function WallStage({ url, label }: { url: string; label: string }) {
  const ref = parseMediaPath(url);
  if (ref && mediaKind(ref.file) === 'video') {
    return (
      <video
        key={url}
        className="wall__media"
        src={mediaSource(url)}
        poster={mediaSource(thumbUrl(ref))}
        muted
        autoPlay
        loop
        playsInline
        aria-label={label}
      />
    );
  }
  return <img key={url} className="wall__media" src={mediaSource(url)} alt={label} decoding="async" />;
}

/** Whether the wall shows `url` as a video (it then stays on screen longer). */
export function isWallVideo(url: string): boolean {
  const ref = parseMediaPath(url);
  return ref !== null && mediaKind(ref.file) === 'video';
}
