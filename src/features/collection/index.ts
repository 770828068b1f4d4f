import { preloadableLazy } from '../../ui/preloadableLazy';

const collection = preloadableLazy(() => import(/* webpackChunkName: "route-collection" */ './CollectionPage'));
/** The visitor's collection (loaded lazily, docs/product.md#collection). */
export const CollectionPage = collection.Screen;
export const preloadCollectionPage = collection.preload;
