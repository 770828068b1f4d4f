import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * One step of a flow whose steps replace each other in place (the mirror session, the face
 * search): a section named by its heading, which takes the focus when the step appears, so that
 * keyboard and screen reader users go on from there rather than from the top of the page (or from
 * nowhere, when the button they pressed went away with the step before).
 */
export function FocusedStep({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={className} aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className={`${className}__title`}>
        {title}
      </h2>
      {children}
    </section>
  );
}
