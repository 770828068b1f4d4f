import { useId } from 'react';
import type { Transaction } from '../../../contract/wire';
import { useAppSelector } from '../../session';
import { formatReais } from '../../lib/money';
import { accountApi, useLoadTransactionsQuery } from './accountApi';
import { OrderFact } from '../../ui/OrderFact';
import { formatOrderDate, METHOD_LABEL, statusLabel } from '../../lib/orderFormat';
import { PixPayment } from './PixPayment';
import { WAITING_ORDER_POLL_MS } from './waitingOrder';

const selectTransactions = accountApi.endpoints.loadTransactions.select();

function OrderItem({ order }: { order: Transaction }) {
  const numberId = useId();
  const payable = order.status === 'pending' && order.paymentMethod === 'pix' && order.pixCode;
  return (
    <li className="orders__item" aria-labelledby={numberId}>
      <span id={numberId} className="orders__number">
        Pedido {order.orderId}
      </span>
      <dl className="orders__facts">
        <OrderFact label="Evento">{order.eventName}</OrderFact>
        {order.amount !== undefined && <OrderFact label="Valor">{formatReais(order.amount)}</OrderFact>}
        {order.paymentMethod && <OrderFact label="Pagamento">{METHOD_LABEL[order.paymentMethod]}</OrderFact>}
        {order.createdAt && <OrderFact label="Data">{formatOrderDate(order.createdAt)}</OrderFact>}
        <OrderFact label="Situação" className={`orders__status orders__status--${order.status}`}>
          {statusLabel(order.status)}
        </OrderFact>
      </dl>
      {payable && <PixPayment orderId={order.orderId} code={order.pixCode ?? ''} />}
    </li>
  );
}

/**
 * The user's orders (docs/product.md#entities): number, event, amount, how it is paid, when,
 * and its status; a Pix order still waiting shows how to pay it. While any order waits, the list
 * follows the payment: asked again every few seconds while the page is visible.
 */
export function OrdersList() {
  const waiting = useAppSelector(
    (state) => selectTransactions(state).data?.some((t) => t.status === 'pending') ?? false,
  );
  const { data: transactions = [] } = useLoadTransactionsQuery(undefined, {
    pollingInterval: waiting ? WAITING_ORDER_POLL_MS : 0,
    skipPollingIfUnfocused: true,
  });

  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Pedidos</h2>
      <ul className="orders">
        {transactions.map((order) => (
          <OrderItem key={order.orderId} order={order} />
        ))}
      </ul>
    </section>
  );
}
