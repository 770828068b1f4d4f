import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { orderLinked, selectAuthStatus, selectPendingTransaction } from '../auth/authSlice';
import { useSetTransactionMutation } from './accountApi';

/**
 * SPEC section 4: an order placed while signed out waits (cookies transaction and loginRequired);
 * once someone is signed in here, the order is tied to the account and the flag is cleared.
 */
export function useLinkPendingOrder(): void {
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectAuthStatus);
  const pending = useAppSelector(selectPendingTransaction);
  const [setTransaction] = useSetTransactionMutation();
  const tried = useRef<string | null>(null);

  useEffect(() => {
    if (status !== 'signedIn' || !pending || tried.current === pending) return;
    tried.current = pending;
    setTransaction(pending)
      .unwrap()
      .then(() => dispatch(orderLinked()))
      .catch((error: unknown) => {
        // An order that is not found or belongs to someone else cannot be tied: let go of it.
        const status = (error as { status?: unknown }).status;
        if (status === 403 || status === 404) dispatch(orderLinked());
        else tried.current = null;
      });
  }, [status, pending, setTransaction, dispatch]);
}
