import './shop.css';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isName } from '../../../contract/names';
import { selectAgent, useAppDispatch, useAppSelector } from '../../session';
import { LoadError } from '../../ui/LoadError';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { useCartPersistence } from './cartPersistence';
import { selectCart, shopOpened } from './cartSlice';
import { CartSummary } from './CartSummary';
import { ProductCard } from './ProductCard';
import { useGetShopQuery } from './shopApi';
import { INVALID_COUPON, shopRefusal } from './shopRefusal';

const NO_COUPON = 'Para ver a loja, abra o link com o seu cupom.';

/**
 * The shop (docs/product.md#shop): the coupon's catalogue, each product chosen with its
 * hours, quantity and accessories, and the cart with its total and the coupon's discount. The
 * cart is kept across reloads (cartStorage.ts) for the checkout to read.
 */
export default function ShopPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const coupon = params.get('coupon')?.trim() ?? '';
  const validCoupon = isName(coupon);
  const agent = useAppSelector(selectAgent);
  const cartCoupon = useAppSelector(selectCart).coupon;
  useCartPersistence();

  // currentData: another coupon's catalogue never shows under this one.
  const {
    currentData: shop,
    error,
    isFetching,
    refetch,
  } = useGetShopQuery(validCoupon ? { coupon, agent: agent || 'anonimo' } : skipToken);
  const refusal = shopRefusal(error);

  useEffect(() => {
    if (shop) dispatch(shopOpened({ coupon, discount: shop.discount, products: shop.data }));
  }, [dispatch, shop, coupon]);
  // The cart shows once it is this coupon's (a cart kept for another coupon is emptied first).
  const ready = shop !== undefined && cartCoupon === coupon;

  return (
    <ScreenFrame title="Loja" className="shop">
      {!coupon && <p role="alert">{NO_COUPON}</p>}
      {coupon && !validCoupon && <p role="alert">{INVALID_COUPON}</p>}
      {isFetching && !shop && <p role="status">Carregando...</p>}
      {!isFetching && refusal && <p role="alert">{refusal}</p>}
      {!isFetching && error && !refusal && (
        <LoadError message="Não foi possível carregar a loja." onRetry={() => void refetch()} />
      )}
      {ready && shop.data.length === 0 && <p className="empty">Nenhum produto disponível no momento.</p>}
      {ready && shop.data.length > 0 && (
        <div className="shop__layout">
          <ul className="shop__products" aria-label="Produtos">
            {shop.data.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
          <CartSummary coupon={coupon} />
        </div>
      )}
    </ScreenFrame>
  );
}
