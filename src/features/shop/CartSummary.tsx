import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { SERVICE } from '../../../contract/pricing';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import { useAppSelector } from '../../session';
import { selectCartTotals, selectPricedLines, type PricedLine } from './cartSlice';
import { formatPercent, formatReais } from '../../lib/money';

function describe(line: PricedLine): string {
  const parts: string[] = [];
  if (line.product.type === SERVICE) parts.push(`${line.hours} h`);
  parts.push(...line.selectedAccessories.map((a) => a.name));
  if (line.quantity > 1) parts.push(`${line.quantity} unidades`);
  return parts.join(' · ');
}

/**
 * The cart: its lines, the total (struck through, with the coupon's discount, when there is one) and the way to
 * checkout.
 */
export function CartSummary({ coupon }: { coupon: string }) {
  const navigate = useNavigate();
  const lines = useAppSelector(selectPricedLines);
  const { total, discount, discounted } = useAppSelector(selectCartTotals);
  const titleId = useId();
  const reasonId = useId();
  const empty = lines.length === 0;

  return (
    <section className="cart" aria-labelledby={titleId}>
      <h2 id={titleId}>Seu carrinho</h2>
      {empty ? (
        <p className="cart__empty">Seu carrinho está vazio.</p>
      ) : (
        <ul className="cart__lines">
          {lines.map((line) => (
            <li key={line.product.id} className="cart__line">
              <span className="cart__name">{line.product.name}</span>
              <span className="cart__detail">{describe(line)}</span>
              <span className="cart__price">{formatReais(line.totalPrice)}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="cart__totals" aria-live="polite">
        {discount > 0 && <p className="cart__discount">{formatPercent(discount)} de desconto</p>}
        {discount > 0 && !empty ? (
          <>
            <p className="cart__was">
              Total sem desconto: <s>{formatReais(total)}</s>
            </p>
            <p className="cart__total">
              Total com desconto: <strong>{formatReais(discounted)}</strong>
            </p>
          </>
        ) : (
          <p className="cart__total">
            Total: <strong>{formatReais(total)}</strong>
          </p>
        )}
      </div>
      <button
        type="button"
        className="button button--big"
        disabled={empty}
        aria-describedby={empty ? reasonId : undefined}
        onClick={() => navigate(withQuery(ROUTES.checkout, { coupon }))}
      >
        Checkout
      </button>
      {empty && (
        <p id={reasonId} className="cart__hint">
          Adicione um produto ao carrinho para finalizar a compra.
        </p>
      )}
    </section>
  );
}
