import { mediaSource } from '../../api/mediaSource';
import { parseMediaPath } from '../../../contract/mediaPath';
import { PrintWidget } from './PrintWidget';
import { ShareButton } from '../../ui/share/ShareButton';

/** What a guest can do with one media item: share or download it, print it with a pack. */
export function MediaActions({ url }: { url: string }) {
  const ref = parseMediaPath(url);
  if (!ref) return null;
  return (
    <div className="media-actions">
      <ShareButton src={mediaSource(url)} fileName={ref.file} />
      <PrintWidget printId={url} />
    </div>
  );
}
