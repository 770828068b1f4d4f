import './couponMonths.css';
import type { CouponReport } from '../../../contract/wire';
import { monthLabel } from '../../lib/deals';
import { formatReais } from '../../lib/money';
import { LoadError } from '../../ui/LoadError';
import { useGetCouponMonthsQuery } from './partnerApi';

const COUNT = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });
const COLUMNS = ['Mês', 'Visitas', 'Pedidos', 'Pagos', 'Comissão'];

/** One coupon's months, newest first: five short columns, which fit a phone's width too. */
function CouponTable({ report }: { report: CouponReport }) {
  const captionId = `coupon-${report.coupon}`;
  return (
    // A very narrow window may still need to scroll it: focusable, so the keyboard can.
    <div className="coupon-months__table" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table>
        <caption id={captionId}>
          {report.contractTitle} · cupom <code>{report.coupon}</code>
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column, i) => (
              <th key={column} scope="col" className={i > 0 ? 'coupon-months__number' : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{monthLabel(month.month, 'long')}</th>
              <td className="coupon-months__number">{COUNT.format(month.visits)}</td>
              <td className="coupon-months__number">{COUNT.format(month.orders)}</td>
              <td className="coupon-months__number">{COUNT.format(month.paidOrders)}</td>
              <td className="coupon-months__number">{formatReais(month.commission)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What each coupon brought, month by month (docs/product.md#deals): visits to the shop with it,
 * orders, paid orders and the commission on them. Asked afresh each time the page opens.
 */
export function CouponMonths({ partner }: { partner: string }) {
  const { currentData, isError, refetch } = useGetCouponMonthsQuery(partner, { refetchOnMountOrArgChange: true });
  return (
    <section className="coupon-months" aria-labelledby="coupon-months-title">
      <h2 id="coupon-months-title">Seus cupons por mês</h2>
      {currentData ? (
        currentData.length === 0 ? (
          <p>Nenhum cupom usado ainda.</p>
        ) : (
          currentData.map((report) => <CouponTable key={report.coupon} report={report} />)
        )
      ) : isError ? (
        <LoadError message="Não foi possível carregar os cupons." onRetry={() => void refetch()} />
      ) : (
        <p role="status">Carregando...</p>
      )}
    </section>
  );
}
