import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ScreenFrame } from '../ui/ScreenFrame';

/**
 * Shown when a screen fails: most often a code chunk that did not arrive over weak venue Wi-Fi,
 * which a reload usually fixes. (Unknown addresses have their own route, NotFoundPage.)
 */
function RouteError() {
  return (
    <ScreenFrame title="Algo deu errado">
      <p>Verifique sua conexão e tente de novo.</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Tentar novamente
        </button>
      </p>
    </ScreenFrame>
  );
}

interface BoundaryProps {
  /** The address shown: another one clears the failure (the visitor navigated away). */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  key: string;
}

class ScreenBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override componentDidCatch(error: unknown): void {
    console.error(error);
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/**
 * The app's error boundary (the app uses the declarative router, which has no route
 * errorElement: its data router costs the landing page 16 KB gzip). A failed screen shows
 * RouteError until the visitor goes to another address.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ScreenBoundary resetKey={pathname}>{children}</ScreenBoundary>;
}
