import { act, screen, within } from '@testing-library/react';
import { configureStore } from '@reduxjs/toolkit';
import { makeStore } from '../../../../src/app/store';
import {
  CART_STORAGE_KEY,
  cartCleared,
  initialCartState,
  parseStoredCart,
  registerCartPersistence,
  selectCart,
  selectPricedLines,
  shopOpened,
  type CartState,
} from '../../../../src/features/shop';
import { accessoryToggled, productAdded } from '../../../../src/features/shop/cartSlice';
import { createAppListener, rootReducer } from '../../../../src/session';
import { renderApp } from '../../../support/renderWithProviders';
import { ALBUM, CABINE, readable, serveShop } from './fixtures';

const stored = (): CartState => JSON.parse(localStorage.getItem(CART_STORAGE_KEY) ?? 'null') as CartState;
const store = (cart: unknown) => localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart));
const card = (name: string) => screen.getByRole('article', { name });

describe('the cart kept in local storage', () => {
  it('survives a reload: a new store reads the cart the shop wrote, for the shop and for /checkout', async () => {
    serveShop();
    const first = renderApp('/shop?coupon=BEMVINDO10');
    await screen.findByRole('article', { name: 'Cabine 360' });
    await first.user.click(within(card('Cabine 360')).getByRole('button', { name: 'Adicionar ao carrinho' }));
    await first.user.click(within(card('Cabine 360')).getByRole('button', { name: 'Mais uma hora' }));
    await first.user.click(within(card('Cabine 360')).getByRole('checkbox', { name: /Neon/ }));
    expect(stored()).toMatchObject({
      coupon: 'BEMVINDO10',
      discount: 0,
      lines: [{ product: { id: 'cabine360' }, hours: 3, quantity: 1, accessoryIds: ['neon'] }],
    });
    first.unmount();

    // What the checkout finds when it is the first screen after a reload.
    const reloaded = makeStore();
    expect(selectCart(reloaded.getState())).toMatchObject({
      coupon: 'BEMVINDO10',
      lines: [{ hours: 3, accessoryIds: ['neon'] }],
    });
    expect(selectPricedLines(reloaded.getState())[0].totalPrice).toBe(1350);

    renderApp('/shop?coupon=BEMVINDO10');
    await screen.findByRole('article', { name: 'Cabine 360' });
    expect(within(card('Cabine 360')).getByLabelText('Horas')).toHaveValue(3);
    expect(within(card('Cabine 360')).getByRole('checkbox', { name: /Neon/ })).toBeChecked();
    expect(readable(within(card('Cabine 360')).getByText(/Total do item/))).toBe('Total do item: R$ 1.350,00');
  });

  it('survives a trip to the login page and back', async () => {
    serveShop();
    const { user, router } = renderApp('/shop?coupon=BEMVINDO10');
    await screen.findByRole('article', { name: 'Álbum de fotos' });
    await user.click(within(card('Álbum de fotos')).getByRole('button', { name: 'Adicionar ao carrinho' }));
    await act(() => router.navigate('/login'));
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await act(() => router.navigate(-1));
    await screen.findByRole('article', { name: 'Álbum de fotos' });
    expect(within(card('Álbum de fotos')).getByRole('button', { name: 'Remover' })).toBeInTheDocument();
  });

  it('keeps writing after the shop is left: the checkout emptying the cart empties the stored one', async () => {
    serveShop();
    const { user, store: appStore } = renderApp('/shop?coupon=BEMVINDO10');
    await screen.findByRole('article', { name: 'Álbum de fotos' });
    await user.click(within(card('Álbum de fotos')).getByRole('button', { name: 'Adicionar ao carrinho' }));
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(stored().lines).toHaveLength(1);
    act(() => void appStore.dispatch(cartCleared()));
    expect(stored()).toMatchObject({ coupon: 'BEMVINDO10', lines: [] });
  });

  it(`empties a cart kept for another coupon, and refreshes a kept line with the catalogue's current \
data`, async () => {
    store({ coupon: 'OUTRO', discount: 0.2, lines: [{ product: ALBUM, hours: 0, quantity: 2, accessoryIds: [] }] });
    serveShop();
    const first = renderApp('/shop?coupon=BEMVINDO10');
    await screen.findByRole('article', { name: 'Álbum de fotos' });
    expect(within(card('Álbum de fotos')).getByRole('button', { name: 'Adicionar ao carrinho' })).toBeInTheDocument();
    expect(stored()).toEqual({ coupon: 'BEMVINDO10', discount: 0, lines: [] });
    first.unmount();

    // Kept at an old price, with more booths than the product now allows.
    store({
      coupon: 'BEMVINDO10',
      discount: 0,
      lines: [{ product: { ...CABINE, price: 800, maxQty: 5 }, hours: 2, quantity: 4, accessoryIds: [] }],
    });
    serveShop();
    renderApp('/shop?coupon=BEMVINDO10');
    await screen.findByRole('article', { name: 'Cabine 360' });
    expect(within(card('Cabine 360')).getByLabelText('Quantidade')).toHaveValue(2);
    expect(readable(within(card('Cabine 360')).getByText(/Total do item/))).toBe(
      'Total do item: R$ 2.000,00 (R$ 1.000,00 cada)',
    );
  });

  it.each([
    ['not JSON', '{"coupon": "X", "lines": ['],
    ['a number', '42'],
    ['null', 'null'],
    ['an array', '[]'],
    ['lines that are not a list', '{"coupon": "X", "discount": 0, "lines": "cabine"}'],
  ])('reads %s as an empty cart, and the shop opens', async (_what, raw) => {
    localStorage.setItem(CART_STORAGE_KEY, raw);
    expect(selectCart(makeStore().getState())).toEqual(initialCartState);
    serveShop();
    renderApp('/shop?coupon=BEMVINDO10');
    await screen.findByRole('article', { name: 'Cabine 360' });
    expect(screen.getByText('Seu carrinho está vazio.')).toBeInTheDocument();
  });

  it('keeps the well-formed lines of a stored cart, brought within their bounds, and drops the rest', () => {
    const raw = JSON.stringify({
      coupon: 'C1',
      discount: 7,
      lines: [
        { product: CABINE, hours: 40, quantity: 0, accessoryIds: ['neon', 'neon', 'ghost', 3] },
        { product: { ...ALBUM, price: '300' }, hours: 0, quantity: 1, accessoryIds: [] },
        { product: { ...ALBUM, accessories: [{ id: 'x' }] }, hours: 0, quantity: 1, accessoryIds: [] },
        { product: ALBUM, quantity: 1, accessoryIds: [] },
        { product: CABINE, hours: 3, quantity: 1, accessoryIds: [] },
        'cabine',
      ],
    });
    expect(parseStoredCart(raw)).toEqual({
      coupon: 'C1',
      discount: 0,
      lines: [{ product: CABINE, hours: 5, quantity: 1, accessoryIds: ['neon'] }],
    });
    expect(parseStoredCart(JSON.stringify({ coupon: 5, lines: [] }))).toEqual({ coupon: null, discount: 0, lines: [] });
    expect(parseStoredCart(null)).toEqual(initialCartState);
  });

  it(`is written only when the cart changes, into the storage it is given, and a refusing storage breaks \
nothing`, () => {
    const writes: string[] = [];
    const storage = {
      getItem: () => null,
      setItem: (key: string, value: string) => void writes.push(`${key}=${value}`),
    };
    const listener = createAppListener();
    const appStore = configureStore({
      reducer: rootReducer,
      middleware: (getDefault) => getDefault().prepend(listener.middleware),
    });
    registerCartPersistence(listener.startAppListening, storage);

    appStore.dispatch(shopOpened({ coupon: 'C1', discount: 0.1 }));
    appStore.dispatch(productAdded(CABINE));
    appStore.dispatch(accessoryToggled({ productId: 'cabine360', accessoryId: 'ghost' }));
    appStore.dispatch({ type: 'something/else' });
    expect(writes).toHaveLength(2);
    const [key, value] = [
      writes[1].slice(0, CART_STORAGE_KEY.length + 1),
      writes[1].slice(CART_STORAGE_KEY.length + 1),
    ];
    expect(key).toBe('cabine.cart.v1=');
    expect(JSON.parse(value)).toEqual({
      coupon: 'C1',
      discount: 0.1,
      lines: [{ product: CABINE, hours: 2, quantity: 1, accessoryIds: [] }],
    });

    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    registerCartPersistence(listener.startAppListening, refusing);
    expect(() => appStore.dispatch(cartCleared())).not.toThrow();
    expect(selectCart(appStore.getState()).lines).toEqual([]);
  });
});
