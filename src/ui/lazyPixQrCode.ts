import { lazy } from 'react';

/** The Pix QR code in a chunk of its own (qrcode.react), for the checkout and the account alike. */
export const LazyPixQrCode = lazy(() => import(/* webpackChunkName: "pix-qrcode" */ './PixQrCode'));
