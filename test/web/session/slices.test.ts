import { makeStore } from '../../../src/app/store';
import { orderLinked, pendingOrderRecorded, signedIn, signedOut } from '../../../src/session/authSlice';
import { collectionMerged, itemCollected } from '../../../src/session/collectionSlice';
import { accountListsAdopted } from '../../../src/session/sessionActions';
import { packAdded } from '../../../src/session/packsSlice';
import {
  accessoryToggled,
  cartCleared,
  hoursChanged,
  productAdded,
  quantityChanged,
  selectCart,
  selectCartTotals,
  selectPricedLines,
  shopOpened,
} from '../../../src/features/shop/cartSlice';
import type { ShopProduct } from '../../../contract/wire';
import { sessionOf } from '../../support/session';

const product: ShopProduct = {
  id: 'cabine360',
  name: 'Cabine 360',
  type: 'service',
  image: '/p.jpg',
  price: 1000,
  pricePerHour: 200,
  minHours: 2,
  maxHours: 5,
  maxQty: 2,
  accessories: [
    { id: 'neon', name: 'Neon', image: '/n.jpg', price: 150 },
    { id: 'tapete', name: 'Tapete', image: '/t.jpg', price: 50 },
  ],
  descTitle1: '',
  descTitle2: '',
  descTitle3: '',
  descText1: '',
  descText2: '',
  descText3: '',
  descPic1: '',
  descPic2: '',
  descPic3: '',
  disclaimer: '',
};

describe('collection and packs', () => {
  it('adds each item once and ignores malformed ones', () => {
    const store = makeStore();
    store.dispatch(itemCollected('/media/f/pad/1.jpg'));
    store.dispatch(itemCollected('/media/f/pad/1.jpg'));
    store.dispatch(itemCollected('bad,entry'));
    store.dispatch(collectionMerged(['/media/f/pad/2.jpg', '/media/f/pad/1.jpg']));
    expect(sessionOf(store.getState()).collection).toEqual(['/media/f/pad/1.jpg', '/media/f/pad/2.jpg']);
  });

  it("replaces the visitor's lists with the account's", () => {
    const store = makeStore();
    store.dispatch(packAdded('H1'));
    store.dispatch(itemCollected('/media/f/pad/1.jpg'));
    store.dispatch(accountListsAdopted({ collection: ['/media/f/pad/9.jpg'], packs: ['H2', 'H3'], events: ['f'] }));
    expect(sessionOf(store.getState())).toMatchObject({
      collection: ['/media/f/pad/9.jpg'],
      packs: ['H2', 'H3'],
      events: ['f'],
    });
  });
});

describe('who is signed in', () => {
  const user = { uid: 'u', email: 'a@b.c', displayName: 'A', photoURL: '' };

  it('is unknown, then signed in with the user, then signed out with none', () => {
    const store = makeStore();
    expect(sessionOf(store.getState()).identity).toEqual({ status: 'unknown' });
    store.dispatch(signedIn(user));
    expect(sessionOf(store.getState()).identity).toEqual({ status: 'signedIn', user });
    store.dispatch(signedOut());
    expect(sessionOf(store.getState()).identity).toEqual({ status: 'signedOut' });
  });

  it('holds a signed-out order until it is linked', () => {
    const store = makeStore();
    store.dispatch(pendingOrderRecorded({ orderId: '123456789', claim: 'k'.repeat(22), loginRequired: true }));
    expect(sessionOf(store.getState())).toMatchObject({
      loginRequired: true,
      pendingTransaction: '123456789',
      pendingClaim: 'k'.repeat(22),
    });
    store.dispatch(orderLinked());
    expect(sessionOf(store.getState())).toMatchObject({
      loginRequired: false,
      pendingTransaction: null,
      pendingClaim: null,
    });
  });
});

describe('cart', () => {
  it('prices lines with hours, quantity and accessories, then the discount', () => {
    const store = makeStore();
    store.dispatch(shopOpened({ coupon: 'C1', discount: 0.1 }));
    store.dispatch(productAdded(product));
    store.dispatch(hoursChanged({ productId: 'cabine360', hours: 4 }));
    store.dispatch(quantityChanged({ productId: 'cabine360', quantity: 2 }));
    store.dispatch(accessoryToggled({ productId: 'cabine360', accessoryId: 'neon' }));
    store.dispatch(accessoryToggled({ productId: 'cabine360', accessoryId: 'ghost' }));
    const [line] = selectPricedLines(store.getState());
    expect(line.selectedAccessories).toEqual([{ name: 'Neon', price: 150 }]);
    expect(line.unitPrice).toBe(1000 + 2 * 200 + 150);
    expect(line.totalPrice).toBe(2 * 1550);
    expect(selectCartTotals(store.getState())).toEqual({ total: 3100, discount: 0.1, discounted: 2790 });
  });

  it('clamps out-of-range hours and quantities', () => {
    const store = makeStore();
    store.dispatch(productAdded(product));
    store.dispatch(hoursChanged({ productId: 'cabine360', hours: 50 }));
    store.dispatch(quantityChanged({ productId: 'cabine360', quantity: -3 }));
    expect(selectCart(store.getState()).lines[0]).toMatchObject({ hours: 5, quantity: 1 });
  });

  it('starts a new cart for a new coupon and empties on checkout', () => {
    const store = makeStore();
    store.dispatch(shopOpened({ coupon: 'C1', discount: 0 }));
    store.dispatch(productAdded(product));
    store.dispatch(shopOpened({ coupon: 'C1', discount: 0 }));
    expect(selectCart(store.getState()).lines).toHaveLength(1);
    store.dispatch(shopOpened({ coupon: 'C2', discount: 0 }));
    expect(selectCart(store.getState()).lines).toHaveLength(0);
    store.dispatch(productAdded(product));
    store.dispatch(cartCleared());
    expect(selectCartTotals(store.getState()).total).toBe(0);
  });
});
