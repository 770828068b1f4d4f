import type { ReactNode } from 'react';

/** One labelled fact of an order (inside a `<dl className="orders__facts">`). */
export function OrderFact({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className="orders__fact">
      <dt>{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  );
}
