-- The live wall ('Telão') of an event that is not public opens with a link its owner
-- makes: this key is the secret in it (made again to change it, set to null to revoke it). It
-- lives on the event's row so that its change reaches every app server's memory of the event
-- (migration 0011's trigger), and a revoked wall stops showing at once, files included.
ALTER TABLE events ADD COLUMN wall_key text UNIQUE CHECK (wall_key ~ '^[A-Za-z0-9_-]{16,64}$');
