import { ScreenFrame } from '../../ui/ScreenFrame';

export default function CreateContractPage() {
  return <ScreenFrame title="Create contract" />;
}
