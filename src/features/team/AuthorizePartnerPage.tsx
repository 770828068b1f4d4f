import './team.css';
import { ScreenFrame } from '../../ui/ScreenFrame';
import { PartnerAuthorizer } from './PartnerAuthorizer';
import { TeamOnly } from './TeamOnly';

/** authorizePartner (docs/product.md#team): a team member reserves a partner name and shares its invitation link. */
export default function AuthorizePartnerPage() {
  return (
    <TeamOnly>
      <ScreenFrame title="Authorize partner" className="team">
        <PartnerAuthorizer />
      </ScreenFrame>
    </TeamOnly>
  );
}
