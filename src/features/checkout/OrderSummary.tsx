import { formatPercent, formatReais } from '../../lib/money';
import { SERVICE } from '../../../contract/pricing';
import type { PricedLine } from '../shop';

interface Totals {
  total: number;
  discount: number;
  discounted: number;
}

/** docs/product.md#checkout: what is being bought, line by line, and what it costs. */
export function OrderSummary({ lines, totals }: { lines: readonly PricedLine[]; totals: Totals }) {
  return (
    <section className="checkout__summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">Resumo do pedido</h2>
      <ul className="checkout__lines">
        {lines.map((line) => (
          <li key={line.product.id} className="checkout__line">
            <h3>{line.product.name}</h3>
            <dl>
              <dt>Preço base</dt>
              <dd>{formatReais(line.product.price)}</dd>
              {line.selectedAccessories.length > 0 && (
                <>
                  <dt>Acessórios</dt>
                  <dd>
                    <ul>
                      {line.selectedAccessories.map((accessory) => (
                        <li key={accessory.name}>
                          {accessory.name}: {formatReais(accessory.price)}
                        </li>
                      ))}
                    </ul>
                  </dd>
                </>
              )}
              {line.product.type === SERVICE && (
                <>
                  <dt>Horas de serviço</dt>
                  <dd>{line.hours}</dd>
                </>
              )}
              <dt>Preço unitário</dt>
              <dd>{formatReais(line.unitPrice)}</dd>
              <dt>Quantidade</dt>
              <dd>{line.quantity}</dd>
              <dt>Total</dt>
              <dd>{formatReais(line.totalPrice)}</dd>
            </dl>
          </li>
        ))}
      </ul>
      {/* One figure a line, in the cart's words (CartSummary). */}
      <div className="checkout__totals">
        {totals.discount > 0 ? (
          <>
            <p className="checkout__was">
              Total sem desconto: <s>{formatReais(totals.total)}</s>
            </p>
            <p className="checkout__discount">{formatPercent(totals.discount)} de desconto</p>
            <p className="checkout__total">
              <strong>Total com desconto: {formatReais(totals.discounted)}</strong>
            </p>
          </>
        ) : (
          <p className="checkout__total">
            <strong>Total: {formatReais(totals.total)}</strong>
          </p>
        )}
      </div>
    </section>
  );
}
