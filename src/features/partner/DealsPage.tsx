import './partner.css';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { Deal } from '../../../contract/wire';
import { balanceByMonth, summariseDeals } from '../../lib/deals';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { downloadFile } from '../../ui/downloadFile';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { BalanceChart } from './BalanceChart';
import { CouponMonths } from './CouponMonths';
import { DealCards } from './DealCards';
import { dealsCsv } from './dealFormat';
import { DealsSummary } from './DealsSummary';
import { DealsTable } from './DealsTable';
import { PartnerGate, usePartnerParam } from './PartnerGate';
import { useGetDealsQuery } from './partnerApi';

const NO_DEALS = 'Nenhum negócio ainda.';

/** Below this width a row of the table would not fit: each deal is a card. */
const PHONE = '(max-width: 767px)';

function DealsOverview({ partner, deals }: { partner: string; deals: readonly Deal[] }) {
  const summary = useMemo(() => summariseDeals(deals), [deals]);
  const months = useMemo(() => balanceByMonth(deals), [deals]);
  const phone = useMediaQuery(PHONE);
  if (deals.length === 0) return <p>{NO_DEALS}</p>;
  return (
    <>
      <DealsSummary summary={summary} />
      <BalanceChart months={months} />
      <div className="deals__actions">
        <button
          type="button"
          className="button button--secondary"
          onClick={() => downloadFile(`deals-${partner}.csv`, dealsCsv(deals))}
        >
          Exportar CSV
        </button>
      </div>
      {phone ? <DealCards deals={deals} /> : <DealsTable deals={deals} />}
    </>
  );
}

/** A partner's deals (docs/product.md#deals): what was earned and is to come, per month, and every deal. */
export default function DealsPage() {
  const { partner, status, skip } = usePartnerParam();
  const deals = useGetDealsQuery(partner, { skip });

  return (
    <ScreenFrame title="Deals" className="deals">
      <PartnerGate partner={partner} status={status} result={deals} failure="Não foi possível carregar os negócios.">
        {(list) => (
          <>
            <p className="partner__name">
              Parceiro: <strong>{partner}</strong>
            </p>
            <DealsOverview partner={partner} deals={list} />
            <CouponMonths partner={partner} />
            <Link to={withQuery(ROUTES.partner, { partner })}>Voltar para a Página do Parceiro</Link>
          </>
        )}
      </PartnerGate>
    </ScreenFrame>
  );
}
