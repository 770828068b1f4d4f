import './partner.css';
import { Link } from 'react-router-dom';
import { ROUTES, withQuery } from '../../../contract/routePaths';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { ContractCard } from './ContractCard';
import { PartnerGate, usePartnerParam } from './PartnerGate';
import { useGetContractsQuery } from './partnerApi';

/**
 * A partner's page (docs/product.md#partner-page): the contracts, each with the coupon to hand out next, and the way to
 * the deals.
 */
export default function PartnerPage() {
  const { partner, status, skip } = usePartnerParam();
  const contracts = useGetContractsQuery(partner, { skip });

  return (
    <ScreenFrame title="Página do Parceiro" className="partner">
      <PartnerGate
        partner={partner}
        status={status}
        result={contracts}
        failure="Não foi possível carregar os contratos."
      >
        {(list) => (
          <>
            <p className="partner__name">
              Parceiro: <strong>{partner}</strong>
            </p>
            {list.length === 0 ? (
              <p>Nenhum contrato ativo.</p>
            ) : (
              <ul className="contracts" aria-label="Contratos">
                {list.map((contract) => (
                  <ContractCard key={contract.title} contract={contract} />
                ))}
              </ul>
            )}
            <Link className="button button--secondary" to={withQuery(ROUTES.deals, { partner })}>
              Ir para Deals
            </Link>
          </>
        )}
      </PartnerGate>
    </ScreenFrame>
  );
}
