import { ScreenFrame } from '../../ui/ScreenFrame';
import { TeamOnly } from './TeamOnly';

export default function AuthorizePartnerPage() {
  return (
    <TeamOnly>
      <ScreenFrame title="Authorize partner" />
    </TeamOnly>
  );
}
