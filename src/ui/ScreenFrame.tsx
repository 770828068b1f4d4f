import { useId, type ReactNode } from 'react';

interface ScreenFrameProps {
  title: string;
  children?: ReactNode;
  className?: string;
}

/** A screen's landmark: a titled section that assistive technology can jump to. */
export function ScreenFrame({ title, children, className }: ScreenFrameProps) {
  const headingId = useId();
  return (
    <section className={className ? `screen ${className}` : 'screen'} aria-labelledby={headingId}>
      <h1 id={headingId} className="screen__title">
        {title}
      </h1>
      {children}
    </section>
  );
}
