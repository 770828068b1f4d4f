import { ScreenFrame } from '../../ui/ScreenFrame';

export default function AuthorizePartnerPage() {
  return <ScreenFrame title="Authorize partner" />;
}
