-- Who sees an event's media (docs/api.md#who-may-see-an-event): 'public' (listed, open to
-- anyone), 'link' (each media file opens for whoever has its unguessable link; the event's
-- galleries and card need a login) or 'private' (everything needs a login). It replaces the boolean `visible`.
ALTER TABLE events ADD COLUMN visibility text NOT NULL DEFAULT 'public' CHECK (visibility IN ('public', 'link', 'private'));
UPDATE events SET visibility = CASE WHEN visible THEN 'public' ELSE 'private' END;
ALTER TABLE events DROP COLUMN visible;

-- A file stored while its event was not public gets a random name (128 bits): `unguessable` says
-- so (only such a name is a secret worth gating on), and `source_name` keeps the name the device
-- or the seed asked for, so that a retried upload finds the item it already made.
ALTER TABLE media ADD COLUMN unguessable boolean NOT NULL DEFAULT false;
ALTER TABLE media ADD COLUMN source_name text CHECK (source_name IS NULL OR source_name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$');
CREATE INDEX media_source_name ON media (event_name, mode, source_name) WHERE source_name IS NOT NULL;
