import { useEffect, useId, useRef, type ReactNode } from 'react';
import { reveal } from '../../ui/reveal';

interface Props {
  title: string;
  /**
   * What the panel shows (the Pix code's progress): when it changes, the panel is scrolled to
   * again. Opened at the end of the page while short, it could not be scrolled up to the top;
   * the code arriving makes it taller, and it would grow below the fold.
   */
  stage?: string;
  children: ReactNode;
}

/**
 * A payment method's panel. It opens on a tap below the methods, on a phone below the fold: as it
 * opens it scrolls into view and its heading takes the focus, so that everyone goes on from there.
 */
export function PaymentPanel({ title, stage, children }: Props) {
  const headingId = useId();
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (!panel.current || !heading.current) return;
    if (opened.current) {
      panel.current.scrollIntoView({ block: 'start' });
      return;
    }
    opened.current = true;
    reveal(panel.current, { block: 'start', focus: heading.current });
  }, [stage]);
  return (
    <section ref={panel} className="checkout__panel" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}
