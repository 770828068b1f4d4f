/**
 * What a customer whose order was registered while signed out reads until someone signs in. Not
 * 'to follow it': the account page follows it already, signed out (OrderProgress); a sign-in keeps
 * it in the account (src/session/pendingOrder.ts).
 */
export function pendingOrderMessage(orderId: string): string {
  return `Seu pedido ${orderId} foi registrado. Entre ou crie sua conta para guardá-lo nela.`;
}

/**
 * The order placed while signed out waits for a sign-in (docs/product.md#account): said on the account
 * page every other page leads to, and on the login and signup pages the customer goes on to, so
 * that the customer knows why they are asked to sign in and that the order is safe.
 */
export function PendingOrderNotice({ orderId }: { orderId: string }) {
  return (
    <p role="status" className="pending-order">
      {pendingOrderMessage(orderId)}
    </p>
  );
}
