import { useEffect, useId, useRef, type ReactNode } from 'react';
import { reveal } from '../../ui/reveal';

/**
 * A payment method's panel. It opens on a tap below the methods, on a phone below the fold: as it
 * opens it scrolls into view and its heading takes the focus, so that everyone goes on from there.
 */
export function PaymentPanel({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (panel.current && heading.current) reveal(panel.current, { block: 'start', focus: heading.current });
  }, []);
  return (
    <section ref={panel} className="checkout__panel" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
