import './team.css';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { ContractForm } from './ContractForm';
import { TeamOnly } from './TeamOnly';

/** createContract (SPEC section 2): a team member writes a partner's contract. */
export default function CreateContractPage() {
  return (
    <TeamOnly>
      <ScreenFrame title="Create contract" className="team">
        <ContractForm />
      </ScreenFrame>
    </TeamOnly>
  );
}
