import { lazy } from 'react';

/**
 * The Pix QR code out of the entry chunk (qrcode.react), for the checkout and the account alike: in
 * the one chunk of every QR code of the app (the photo's, the event link's), as each chunk costs every
 * page a name and a hash in the runtime (the landing page's budget).
 */
export const LazyPixQrCode = lazy(() => import(/* webpackChunkName: "qrcode" */ './PixQrCode'));
