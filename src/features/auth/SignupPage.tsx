import { ScreenFrame } from '../../ui/ScreenFrame';

export default function SignupPage() {
  return <ScreenFrame title="Criar conta" />;
}
