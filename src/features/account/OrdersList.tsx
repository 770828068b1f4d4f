import type { Transaction } from '../../api/wire';

const STATUS: Record<string, string> = {
  pending: 'Aguardando pagamento',
  approved: 'Pago',
  rejected: 'Recusado',
};

/** The user's orders: number, event, status (SPEC section 3, "Transaction"). */
export function OrdersList({ transactions }: { transactions: Transaction[] }) {
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Pedidos</h2>
      <ul className="orders">
        {transactions.map((t) => (
          <li key={t.orderId} className="orders__item">
            <span className="orders__number">Pedido {t.orderId}</span>
            <span>{t.eventName}</span>
            <span className={`orders__status orders__status--${t.status}`}>{STATUS[t.status] ?? t.status}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
