import { ScreenFrame } from '../../ui/ScreenFrame';

export default function LoginPage() {
  return <ScreenFrame title="Login" />;
}
