import { mediaSource } from '../../api/mediaSource';
import { parseMediaPath } from '../../../contract/mediaPath';
import { PrintWidget } from './PrintWidget';
import { ShareButton } from '../../ui/share/ShareButton';
import { useTellSharedMutation } from './printApi';

/** What a guest can do with one media item: share or download it, print it with a pack. */
export function MediaActions({ url }: { url: string }) {
  const ref = parseMediaPath(url);
  // The event's owner counts the shares ('A festa em números'); a share not told is only a figure less.
  const [tellShared] = useTellSharedMutation();
  if (!ref) return null;
  return (
    <div className="media-actions">
      <ShareButton src={mediaSource(url)} fileName={ref.file} onShared={() => void tellShared(url)} />
      <PrintWidget printId={url} />
    </div>
  );
}
