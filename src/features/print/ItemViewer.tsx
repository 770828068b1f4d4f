import { MediaViewer } from '../../ui/gallery/MediaViewer';
import { MediaActions } from './MediaActions';

/** A gallery item opened in full, with its share and print actions under it. */
export default function ItemViewer({ url, onClose }: { url: string; onClose: () => void }) {
  return <MediaViewer url={url} onClose={onClose} actions={<MediaActions url={url} />} />;
}
