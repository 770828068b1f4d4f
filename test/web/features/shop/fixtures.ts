import { http, HttpResponse } from 'msw';
import type { ShopProduct } from '../../../../contract/wire';
import { API, network } from '../../../support/network';

const NO_DETAILS = {
  descTitle1: '',
  descTitle2: '',
  descTitle3: '',
  descText1: '',
  descText2: '',
  descText3: '',
  descPic1: '',
  descPic2: '',
  descPic3: '',
};

/** A service: R$ 1.000,00 for 2 h, R$ 200,00 each extra hour up to 5 h, at most 2 booths. */
export const CABINE: ShopProduct = {
  ...NO_DETAILS,
  id: 'cabine360',
  name: 'Cabine 360',
  type: 'service',
  image: '/media/shop/cabine360.jpg',
  price: 1000,
  pricePerHour: 200,
  minHours: 2,
  maxHours: 5,
  maxQty: 2,
  accessories: [
    { id: 'neon', name: 'Neon', image: '/media/shop/neon.jpg', price: 150 },
    { id: 'tapete', name: 'Tapete vermelho', image: '/media/shop/tapete.jpg', price: 50 },
  ],
  descTitle1: 'Gira 360 graus',
  descText1: 'Vídeos em câmera lenta para toda a festa.',
  descPic1: '/media/shop/giro.jpg',
  descTitle2: 'Entrega na hora',
  descText2: 'Cada convidado leva o vídeo pelo QR code.',
  disclaimer: 'Deslocamento fora da capital cobrado à parte.',
};

/** A product (not by the hour), up to 3. */
export const ALBUM: ShopProduct = {
  ...NO_DETAILS,
  id: 'album',
  name: 'Álbum de fotos',
  type: 'product',
  image: '/media/shop/album.jpg',
  price: 300,
  pricePerHour: 0,
  minHours: 0,
  maxHours: 0,
  maxQty: 3,
  accessories: [],
  disclaimer: '',
};

export interface ShopCall {
  coupon: string;
  agent: string;
}

/** `GET /shop/{coupon}/{agent}` answers with the catalogue and the discount; the calls are recorded. */
export function serveShop({
  discount = 0,
  products = [CABINE, ALBUM],
}: { discount?: number; products?: ShopProduct[] } = {}): ShopCall[] {
  const calls: ShopCall[] = [];
  network.use(
    http.get(`${API}/shop/:coupon/:agent`, ({ params }) => {
      calls.push({ coupon: String(params.coupon), agent: String(params.agent) });
      return HttpResponse.json({ data: products, discount });
    }),
  );
  return calls;
}

/** Text as a person reads it: Intl writes a non-breaking space after R$. */
export function readable(element: Element | null): string {
  return (element?.textContent ?? '')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
