import { Suspense } from 'react';
import { ViewerLoading } from '../../ui/gallery/ViewerLoading';
import { preloadableLazy } from '../../ui/preloadableLazy';

/**
 * An item of a gallery opened in full, with its actions: code of its own (the print widget, the
 * modal), so that a gallery draws its photos without it; asked for on the first tap, or sooner
 * with `preloadItemViewer` once the page is idle. Meanwhile the tap shows 'Carregando...'.
 */
const itemViewer = preloadableLazy(() => import(/* webpackChunkName: "item-viewer" */ './ItemViewer'));
export const preloadItemViewer = itemViewer.preload;

export function OpenedItem(props: { url: string; onClose: () => void; eventTitle?: string }) {
  return (
    <Suspense fallback={<ViewerLoading />}>
      <itemViewer.Screen {...props} />
    </Suspense>
  );
}
