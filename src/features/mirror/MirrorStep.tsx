import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * One step of the mirror session: a section named by its heading (the spec's texts). The steps
 * replace each other in place, so the new step's heading takes the focus: keyboard and screen
 * reader users go on from there rather than from the top of the page.
 */
export function MirrorStep({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mirror-step" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="mirror-step__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
