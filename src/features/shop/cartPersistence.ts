import { addListener, type ListenerEffect, type UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { useAppDispatch, type AppDispatch, type AppStartListening, type RootState } from '../../session';
import { selectCart } from './cartSlice';
import { browserStorage, writeStoredCart, type CartStorage } from './cartStorage';

/** The cart changed: any action that gave the store a new cart object. */
function cartChanged(_action: UnknownAction, current: RootState, previous: RootState): boolean {
  return selectCart(current) !== selectCart(previous);
}

function writer(storage: () => CartStorage | null): ListenerEffect<UnknownAction, RootState, AppDispatch> {
  return (_action, api) => writeStoredCart(storage(), selectCart(api.getState()));
}

/** The browser's writer, one function for the app's life, so adding it twice adds it once. */
const writeToBrowser = writer(browserStorage);

/**
 * Writes the cart to storage whenever it changes (never from inside a reducer); the slice reads
 * it back when a store is made (cartSlice.ts). For a composition root that wants it from the
 * start, or a test with its own storage.
 */
export function registerCartPersistence(startListening: AppStartListening, storage: CartStorage | null): () => void {
  return startListening({ predicate: cartChanged, effect: writer(() => storage) });
}

const addAppListener = addListener.withTypes<RootState, AppDispatch>();

/**
 * Every screen that changes the cart (the shop, the checkout that empties it) calls this: it adds
 * the browser's cart writer to the store's listener middleware once, however many screens ask,
 * and leaves it there, so the cart is written whichever screen changes it next.
 */
export function useCartPersistence(): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(addAppListener({ predicate: cartChanged, effect: writeToBrowser }));
  }, [dispatch]);
}
