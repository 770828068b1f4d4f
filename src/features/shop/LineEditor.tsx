import { mediaSource } from '../../api/mediaSource';
import { SERVICE } from '../../../contract/pricing';
import { useAppDispatch } from '../../session';
import { accessoryToggled, hoursChanged, productRemoved, quantityChanged, type PricedLine } from './cartSlice';
import { formatReais } from '../../lib/money';
import { NumberStepper } from './NumberStepper';

/** A product in the cart: its hours (services), quantity and accessories, and its price as they change. */
export function LineEditor({ line }: { line: PricedLine }) {
  const dispatch = useAppDispatch();
  const { product } = line;
  const productId = product.id;

  return (
    <div className="line">
      {product.type === SERVICE && (
        <NumberStepper
          label="Horas"
          value={line.hours}
          min={product.minHours}
          max={Math.max(product.minHours, product.maxHours)}
          onChange={(hours) => dispatch(hoursChanged({ productId, hours }))}
          decreaseLabel="Menos uma hora"
          increaseLabel="Mais uma hora"
        />
      )}
      {product.maxQty > 1 && (
        <NumberStepper
          label="Quantidade"
          value={line.quantity}
          min={1}
          max={product.maxQty}
          onChange={(quantity) => dispatch(quantityChanged({ productId, quantity }))}
          decreaseLabel="Menos uma unidade"
          increaseLabel="Mais uma unidade"
        />
      )}
      {product.accessories.length > 0 && (
        <fieldset className="line__accessories">
          <legend>Acessórios</legend>
          {product.accessories.map((accessory) => (
            <label key={accessory.id} className="accessory">
              <input
                type="checkbox"
                checked={line.accessoryIds.includes(accessory.id)}
                onChange={() => dispatch(accessoryToggled({ productId, accessoryId: accessory.id }))}
              />
              {/* Decorative: the name beside it says what it is. */}
              {accessory.image && (
                <img
                  className="accessory__image"
                  src={mediaSource(accessory.image)}
                  alt=""
                  width={48}
                  height={48}
                  loading="lazy"
                />
              )}
              <span className="accessory__name">{accessory.name}</span>
              <span className="accessory__price">+ {formatReais(accessory.price)}</span>
            </label>
          ))}
        </fieldset>
      )}
      <p className="line__total" aria-live="polite">
        Total do item: <strong>{formatReais(line.totalPrice)}</strong>
        {line.quantity > 1 && <span className="line__unit"> ({formatReais(line.unitPrice)} cada)</span>}
      </p>
      <button type="button" className="button button--secondary" onClick={() => dispatch(productRemoved(productId))}>
        Remover
      </button>
    </div>
  );
}
