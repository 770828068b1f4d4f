-- The shop opened with a partner's coupon (GET /shop/{coupon}), counted once per visitor and day
-- (docs/product.md#deals). `visitor` is not the visitor's agent: it is the sha256 of the day, the
-- coupon and the agent, enough to count a visitor once a day and nothing to follow them with
-- (docs/privacy.md#what-is-kept-and-for-how-long). `day` is the day in Brazil (America/Sao_Paulo), as the partner reads it.
CREATE TABLE coupon_visits (
  coupon      text NOT NULL REFERENCES coupons(code) ON DELETE CASCADE,
  day         date NOT NULL,
  visitor     text NOT NULL CHECK (visitor ~ '^[0-9a-f]{64}$'),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (coupon, day, visitor)
);
