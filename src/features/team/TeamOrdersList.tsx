import { useId, useState } from 'react';
import { errorMessage } from '../../api/apiError';
import type { TeamOrder } from '../../../contract/wire';
import { LoadError } from '../../ui/LoadError';
import { TeamConfirm } from './TeamConfirm';
import { formatReais } from '../../lib/money';
import { OrderFact } from '../../ui/OrderFact';
import { formatOrderDate, METHOD_LABEL, statusLabel } from '../../lib/orderFormat';
import { useLoadTeamOrdersQuery, useSettleTeamOrderMutation } from './teamOrdersApi';

type Settlement = 'approved' | 'rejected';

interface Decision {
  order: TeamOrder;
  status: Settlement;
}

const ASK: Record<Settlement, { title: string; yes: string; done: string }> = {
  approved: { title: 'Confirmar pagamento', yes: 'Sim, confirmar', done: 'confirmado' },
  rejected: { title: 'Recusar pagamento', yes: 'Sim, recusar', done: 'recusado' },
};

function question({ order, status }: Decision): string {
  const what = `pedido ${order.orderId} (${order.clientName}, ${formatReais(order.amount)})`;
  return status === 'approved'
    ? `O Pix do ${what} chegou? O pedido passa a pago.`
    : `Recusar o pagamento do ${what}? O pedido passa a recusado.`;
}

function TeamOrderItem({ order, onDecide }: { order: TeamOrder; onDecide: (decision: Decision) => void }) {
  const numberId = useId();
  const settleable = order.status === 'pending' && order.paymentMethod === 'pix';
  return (
    <li className="orders__item" aria-labelledby={numberId}>
      <span id={numberId} className="orders__number">
        Pedido {order.orderId}
      </span>
      <dl className="orders__facts">
        <OrderFact label="Evento">{order.eventName}</OrderFact>
        <OrderFact label="Cliente">
          {order.clientName} ({order.email})
        </OrderFact>
        <OrderFact label="Cupom">{order.coupon}</OrderFact>
        <OrderFact label="Valor">{formatReais(order.amount)}</OrderFact>
        <OrderFact label="Pagamento">{METHOD_LABEL[order.paymentMethod]}</OrderFact>
        <OrderFact label="Data">{formatOrderDate(order.createdAt)}</OrderFact>
        <OrderFact label="Situação" className={`orders__status orders__status--${order.status}`}>
          {statusLabel(order.status)}
        </OrderFact>
      </dl>
      {settleable && (
        <div className="orders__actions">
          <button
            type="button"
            className="button"
            aria-describedby={numberId}
            onClick={() => onDecide({ order, status: 'approved' })}
          >
            Confirmar pagamento
          </button>
          <button
            type="button"
            className="button button--secondary"
            aria-describedby={numberId}
            onClick={() => onDecide({ order, status: 'rejected' })}
          >
            Recusar pagamento
          </button>
        </div>
      )}
    </li>
  );
}

/** Every order, for the team: a Pix transfer is confirmed or refused by hand, after a second look. */
export function TeamOrdersList() {
  const titleId = useId();
  const { data: orders, isLoading, isError, refetch } = useLoadTeamOrdersQuery();
  const [settle, { isLoading: settling }] = useSettleTeamOrderMutation();
  const [asking, setAsking] = useState<Decision | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const confirm = async () => {
    if (!asking) return;
    const { order, status } = asking;
    const result = await settle({ orderId: order.orderId, status });
    setAsking(null);
    setOutcome(
      'error' in result
        ? { ok: false, text: `Não foi possível atualizar o pedido ${order.orderId}: ${errorMessage(result.error)}` }
        : { ok: true, text: `Pagamento do pedido ${order.orderId} ${ASK[status].done}.` },
    );
  };

  return (
    <section aria-labelledby={titleId} className="team-orders">
      <h2 id={titleId}>Pedidos da equipe</h2>
      <p role="status">{outcome?.ok && outcome.text}</p>
      {outcome && !outcome.ok && <p role="alert">{outcome.text}</p>}
      {isLoading && <p>Carregando...</p>}
      {isError && !orders && (
        <LoadError message="Não foi possível carregar os pedidos." onRetry={() => void refetch()} />
      )}
      {orders && orders.length === 0 && <p>Nenhum pedido ainda.</p>}
      {orders && orders.length > 0 && (
        <ul className="orders">
          {orders.map((order) => (
            <TeamOrderItem
              key={order.orderId}
              order={order}
              onDecide={(decision) => {
                setOutcome(null);
                setAsking(decision);
              }}
            />
          ))}
        </ul>
      )}
      {asking && (
        <TeamConfirm
          title={ASK[asking.status].title}
          question={question(asking)}
          confirmLabel={ASK[asking.status].yes}
          busy={settling}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(null)}
        />
      )}
    </section>
  );
}
