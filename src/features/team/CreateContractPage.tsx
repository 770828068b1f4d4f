import './team.css';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { ContractForm } from './ContractForm';
import { TeamOnly } from './TeamOnly';

/** createContract (docs/product.md#team): a team member writes a partner's contract. */
export default function CreateContractPage() {
  return (
    <TeamOnly>
      <ScreenFrame title="Create contract" className="team">
        <ContractForm />
      </ScreenFrame>
    </TeamOnly>
  );
}
