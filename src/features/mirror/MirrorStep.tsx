import type { ReactNode } from 'react';
import { FocusedStep } from '../../ui/FocusedStep';

/** One step of the mirror session, named by its heading (the spec's texts), which takes the focus as it appears. */
export function MirrorStep({ title, children }: { title: string; children: ReactNode }) {
  return (
    <FocusedStep title={title} className="mirror-step">
      {children}
    </FocusedStep>
  );
}
