-- Partner rules.
--
-- Guesses of invitation hashes (POST /authorize_partner), per account: a row is written before the
-- hash is looked up and stays when the guess was wrong (unknown hash, or a hash of another
-- partner); it is deleted when the invitation was found. With 5 rows of an account in the last
-- 15 minutes the account is refused without a look-up (domain/invitations.ts). In the database,
-- so that the count survives a restart and holds across app servers.
CREATE TABLE invitation_attempts (
  id            bigserial PRIMARY KEY,
  uid           text NOT NULL CHECK (length(uid) BETWEEN 1 AND 128),
  attempted_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invitation_attempts_by_uid ON invitation_attempts (uid, attempted_at);

-- The deals of a partner: its contracts' coupons, then their orders (orders_by_coupon exists).
CREATE INDEX coupons_by_contract ON coupons (contract_id);
