import './orderProgress.css';
import { useMemo } from 'react';
import type { Transaction } from '../../../contract/wire';
import { apiErrorStatus } from '../../api/apiError';
import { formatReais } from '../../lib/money';
import { isOrderSettled, orderOutcomeMessage, outcomeAfterRegistration } from '../../lib/paymentMessages';
import { useAppSelector } from '../../session';
import { accountApi, useGetOrderQuery } from './accountApi';
import { PixPayment } from './PixPayment';
import { WAITING_ORDER_POLL_MS } from './waitingOrder';

/** What the page already knows of the order (the checkout's answers), shown until the server's own comes. */
export type KnownOrder = Pick<Transaction, 'status' | 'paymentMethod' | 'amount' | 'pixCode'>;

/**
 * A refusal (400-499: not this browser's order, a cookie from before claims): asking again would
 * say the same. Not at the checkout, whose first ask may leave before the claim's cookie is written.
 */
function refused(error: unknown): boolean {
  const status = apiErrorStatus(error);
  return typeof status === 'number' && status >= 400 && status < 500;
}

/**
 * One order as its buyer follows it, at the checkout once it is registered and on the account
 * while it waits for a sign-in: where its payment stands, said in a live region (approved, in
 * review, waiting for the Pix, refused), and while a Pix waits, its QR code and copy-and-paste
 * code. The state arrives by itself: the order is asked again every few seconds until it is
 * settled (only while the page is seen). `lead`, what the page says first of the order (the
 * checkout's 'Pedido registrado com sucesso!'), opens the same live region: one account of the
 * order, the payment's end told as what came after it, never two messages that contradict.
 */
export function OrderProgress({ orderId, known, lead }: { orderId: string; known?: KnownOrder; lead?: string }) {
  const selectOrder = useMemo(() => accountApi.endpoints.getOrder.select(orderId), [orderId]);
  const asked = useAppSelector(selectOrder);
  const order: KnownOrder | undefined = asked.data ?? known;
  const settled = order !== undefined && isOrderSettled(order.status);
  useGetOrderQuery(orderId, {
    // A payment already settled at the checkout (an approved card) has nothing more to tell.
    skip: known !== undefined && isOrderSettled(known.status),
    pollingInterval: settled || (known === undefined && refused(asked.error)) ? 0 : WAITING_ORDER_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  const pixCode = order?.status === 'pending' && order.paymentMethod === 'pix' ? order.pixCode : undefined;

  return (
    <section className="order-progress" aria-label={`Pedido ${orderId}`}>
      {/* There from the start, so that each change of the payment is announced. */}
      <p role="status" className={`order-progress__state order-progress__state--${order?.status ?? 'unknown'}`}>
        {lead !== undefined && <span className="order-progress__lead">{lead}</span>}
        {lead !== undefined && order && ' '}
        {order
          ? (lead === undefined ? orderOutcomeMessage : outcomeAfterRegistration)(order.status, order.paymentMethod)
          : ''}
      </p>
      {pixCode && (
        <>
          {order?.amount !== undefined && (
            <p>
              Valor: <strong>{formatReais(order.amount)}</strong>
            </p>
          )}
          <PixPayment orderId={orderId} code={pixCode} />
        </>
      )}
    </section>
  );
}
