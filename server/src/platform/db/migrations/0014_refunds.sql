-- A refund or a chargeback the provider reports (its webhook) moves the order it paid:
-- 'refunded' or 'charged_back', never paid again. The partner's deal follows the order's status.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('pending', 'approved', 'rejected', 'refunded', 'charged_back'));

-- The event such an order unlocked is suspended from then on: nobody but the team opens it (its
-- galleries, files, card and link answer as an unknown event's).
ALTER TABLE events ADD COLUMN suspended_at timestamptz;
