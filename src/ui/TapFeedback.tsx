import { useEffect, useRef, type ReactNode } from 'react';
import { reveal } from './reveal';

interface Props {
  /** What the tap caused; null while there is nothing to say (the region stays, empty). */
  message: string | null;
  /** What may be done about it, beside the message. */
  children?: ReactNode;
  className?: string;
}

/**
 * What a tap caused (a refusal, a failure), said right after the control that was tapped: an
 * alert region that is always in the page, so that screen readers announce what appears in it,
 * brought into view and focused when it does.
 */
export function TapFeedback({ message, children, className }: Props) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message !== null && region.current) reveal(region.current);
  }, [message]);
  return (
    <div ref={region} role="alert" tabIndex={-1} className={className}>
      {message !== null && (
        <>
          <p>{message}</p>
          {children}
        </>
      )}
    </div>
  );
}
