-- Commerce: the order comes first (docs/payments.md#the-order-comes-first). The server prices the cart into an
-- order, a payment is bound to its order, and the provider's answers (the charge's reply, its
-- webhook, the team's hand for a static Pix key) move the order.

-- The sha256 (hex) of the claim secret the buyer's browser made for the order: claiming an order
-- placed signed out needs the secret, not just its number. Null for seeded and older orders.
ALTER TABLE orders ADD COLUMN claim_hash text CHECK (claim_hash ~ '^[0-9a-f]{64}$');
CREATE INDEX orders_by_created ON orders (created_at DESC, order_id);

-- Every payment the provider made for us, card or Pix, bound to its order. `qr_code`: a Pix
-- payment's copy-and-paste code.
ALTER TABLE payments ADD COLUMN kind text NOT NULL DEFAULT 'card' CHECK (kind IN ('card', 'pix'));
ALTER TABLE payments ADD COLUMN qr_code text;
ALTER TABLE payments ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX payments_by_order ON payments (order_id, created_at);

-- A card charge, recorded before the provider is called (no transaction stays open around the
-- call): keyed by the idempotency key the card token gives, bound to one order. 'processing'
-- until the provider answers ('done', with its payment) or refuses the request ('failed': no
-- charge was made). A retry of a 'processing' attempt calls the provider again with the same key.
CREATE TABLE card_attempts (
  idempotency_key  text PRIMARY KEY,
  order_id         text NOT NULL REFERENCES orders(order_id),
  amount           numeric(12, 2) NOT NULL,
  state            text NOT NULL CHECK (state IN ('processing', 'done', 'failed')),
  payment_id       text REFERENCES payments(id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_attempts_by_order ON card_attempts (order_id);

-- The sandbox provider (no credentials, never in production): the payments it made, by its own
-- idempotency keys, as the provider would keep them.
CREATE TABLE sandbox_payments (
  id                  text PRIMARY KEY,
  idempotency_key     text NOT NULL UNIQUE,
  payment_method_id   text NOT NULL,
  amount              numeric(12, 2) NOT NULL,
  status              text NOT NULL,
  status_detail       text NOT NULL DEFAULT '',
  external_reference  text,
  qr_code             text,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sandbox_payments_by_reference ON sandbox_payments (external_reference);
