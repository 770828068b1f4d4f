import { useId, useState } from 'react';
import { errorMessage } from '../../api/apiError';
import type { Contract } from '../../../contract/wire';
import { formatPercent } from '../../lib/money';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import { copyText } from '../../ui/clipboard';
import { notify } from '../../ui/notify';
import { reloadPage } from '../../ui/pageReload';
import { useLaunchCouponMutation } from './partnerApi';

export const COUPON_COPIED = 'Cupom copiado!';
export const COPY_FAILED = 'Não foi possível copiar o link. O cupom não foi registrado: tente de novo.';
export const LAUNCH_FAILED = 'Não foi possível registrar o cupom. Tente de novo.';

/** The shop link that hands out `coupon`. */
export function couponLink(coupon: string): string {
  return `${window.location.origin}${withQuery(ROUTES.shop, { coupon })}`;
}

/**
 * One contract with the coupon to hand out next. 'Copiar Link do Cupom' copies the shop link
 * first (while the tap still counts as the user's, which browsers require for the clipboard),
 * then registers the coupon with the server, says so and reloads to show the next coupon.
 */
export function ContractCard({ partner, contract }: { partner: string; contract: Contract }) {
  const titleId = useId();
  const [launchCoupon, { isLoading }] = useLaunchCouponMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const link = couponLink(contract.last);

  const copy = async () => {
    setFailure(null);
    if (!(await copyText(link))) {
      // Nothing was copied: registering a coupon nobody has would waste it.
      setFailure(COPY_FAILED);
      return;
    }
    const result = await launchCoupon({
      partner,
      contractTitle: contract.title,
      lastCoupon: contract.last,
      discount: contract.discount,
      kit: contract.kit,
    });
    if ('data' in result && result.data === 'success') {
      notify(COUPON_COPIED);
      reloadPage();
    } else {
      // The server's own words ('Os cupons deste contrato acabaram.', a coupon already used...).
      setFailure('error' in result && result.error ? errorMessage(result.error) : LAUNCH_FAILED);
    }
  };

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
        <button type="button" className="button" disabled={isLoading} aria-busy={isLoading} onClick={() => void copy()}>
          Copiar Link do Cupom
        </button>
        {failure && (
          <p role="alert" className="contract__failure">
            {failure}
          </p>
        )}
      </article>
    </li>
  );
}
