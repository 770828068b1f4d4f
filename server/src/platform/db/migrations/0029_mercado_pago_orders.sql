-- Mercado Pago's Orders API: every purchase attempt (a card charge, a Pix) is a
-- Mercado Pago order, and the id stored in payments.id (and so orders.payment_id) is that order's.
-- The rows made before were Payments API payments: they keep their ids, and only their own
-- notifications (topic 'payment') still settle them, a refund or chargeback months later included.
ALTER TABLE payments ADD COLUMN provider_api text NOT NULL DEFAULT 'orders' CHECK (provider_api IN ('payments', 'orders'));
UPDATE payments SET provider_api = 'payments';

-- The sandbox's own side now keeps orders in the Orders API's vocabulary: the order's status and
-- status_detail, and the id of its one payment. Its rows made before are translated.
ALTER TABLE sandbox_payments ADD COLUMN payment_id text;
UPDATE sandbox_payments SET payment_id = 'PAY' || id;
ALTER TABLE sandbox_payments ALTER COLUMN payment_id SET NOT NULL;
UPDATE sandbox_payments SET
  status = CASE status
    WHEN 'approved' THEN 'processed'
    WHEN 'in_process' THEN 'processing'
    WHEN 'pending' THEN 'action_required'
    WHEN 'rejected' THEN 'failed'
    WHEN 'cancelled' THEN 'canceled'
    ELSE status END,
  status_detail = CASE
    WHEN status = 'pending' THEN 'waiting_transfer'
    WHEN status = 'rejected' THEN 'rejected_by_issuer'
    ELSE status_detail END;
