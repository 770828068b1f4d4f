import { useId } from 'react';
import type { Contract } from '../../../contract/wire';
import { formatPercent } from '../../lib/money';
import { useAppDispatch, useAppSelector } from '../../session';
import './partnerFlow';
import { copyRequested, couponLink, selectCouponCopy } from './partnerSlice';

/**
 * One contract with the coupon to hand out next. 'Copiar Link do Cupom' copies the shop link, then
 * registers the coupon, says so and reloads, as its machine says (partnerSlice; its effects are
 * the flow's, partnerFlow.ts).
 */
export function ContractCard({ contract }: { contract: Contract }) {
  const titleId = useId();
  const dispatch = useAppDispatch();
  const copy = useAppSelector((state) => selectCouponCopy(state, contract.last));
  const busy = copy.status === 'copying' || copy.status === 'launching';
  const link = couponLink(contract.last);

  return (
    <li className="contract">
      <article aria-labelledby={titleId}>
        <h2 id={titleId} className="contract__title">
          {contract.title}
        </h2>
        <p className="contract__description">{contract.description}</p>
        <dl className="contract__facts">
          <div>
            <dt>Desconto para o cliente</dt>
            <dd>{formatPercent(contract.discount)}</dd>
          </div>
          {contract.kit && (
            <div>
              <dt>Kit</dt>
              <dd>{contract.kit}</dd>
            </div>
          )}
          <div>
            <dt>Link do cupom</dt>
            <dd>
              <code className="contract__link">{link}</code>
            </dd>
          </div>
        </dl>
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-busy={busy}
          onClick={() => dispatch(copyRequested(contract))}
        >
          Copiar Link do Cupom
        </button>
        {copy.status === 'failed' && (
          <p role="alert" className="contract__failure">
            {copy.message}
          </p>
        )}
      </article>
    </li>
  );
}
