import { useId } from 'react';
import { mediaSource } from '../../api/mediaSource';
import type { ShopProduct } from '../../../contract/wire';
import { SERVICE } from '../../../contract/pricing';
import { useAppDispatch, useAppSelector } from '../../session';
import { productAdded, selectPricedLineOf } from './cartSlice';
import { LineEditor } from './LineEditor';
import { formatReais } from '../../lib/money';

function ProductPrice({ product }: { product: ShopProduct }) {
  if (product.type !== SERVICE) {
    return (
      <p className="product__price">
        <strong>{formatReais(product.price)}</strong>
      </p>
    );
  }
  const extraHours = product.maxHours > product.minHours && product.pricePerHour > 0;
  return (
    <p className="product__price">
      <strong>{formatReais(product.price)}</strong> por {product.minHours} h
      {extraHours && (
        <span className="product__extra">
          {' '}
          + {formatReais(product.pricePerHour)} por hora extra (até {product.maxHours} h)
        </span>
      )}
    </p>
  );
}

const DETAILS = [1, 2, 3] as const;

// The room a picture takes before it loads (the CSS crops it to these proportions): no layout shift.
const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 600;
const DETAIL_SIZE = 160;

/** The three description blocks (descTitleN, descTextN, descPicN), those that have anything. */
function ProductDetails({ product }: { product: ShopProduct }) {
  const blocks = DETAILS.map((n) => ({
    n,
    title: product[`descTitle${n}` as const],
    text: product[`descText${n}` as const],
    pic: product[`descPic${n}` as const],
  })).filter((b) => b.title || b.text || b.pic);
  if (blocks.length === 0) return null;
  return (
    <div className="product__details">
      {blocks.map(({ n, title, text, pic }) => (
        <section key={n} className="product__detail">
          {title && <h3>{title}</h3>}
          {text && <p>{text}</p>}
          {pic && (
            <img
              className="product__detail-image"
              src={mediaSource(pic)}
              alt={title || `${product.name}, detalhe ${n}`}
              width={DETAIL_SIZE}
              height={DETAIL_SIZE}
              loading="lazy"
            />
          )}
        </section>
      ))}
    </div>
  );
}

/** One product of the catalogue; once in the cart, what the customer chooses for it. */
export function ProductCard({ product }: { product: ShopProduct }) {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const line = useAppSelector((state) => selectPricedLineOf(state, product.id));

  return (
    <article className="product" aria-labelledby={titleId}>
      {product.image && (
        <img
          className="product__image"
          src={mediaSource(product.image)}
          alt={product.name}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading="lazy"
        />
      )}
      <h2 id={titleId} className="product__name">
        {product.name}
      </h2>
      <ProductPrice product={product} />
      <ProductDetails product={product} />
      {product.disclaimer && <p className="product__disclaimer">{product.disclaimer}</p>}
      {line ? (
        <LineEditor line={line} />
      ) : (
        <button type="button" className="button" onClick={() => dispatch(productAdded(product))}>
          Adicionar ao carrinho
        </button>
      )}
    </article>
  );
}
