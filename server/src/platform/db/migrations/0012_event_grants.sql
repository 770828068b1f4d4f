-- Who was there (docs/api.md#who-may-see-an-event): a link-only or private event opens to its
-- owner, the team, and the visitors it was granted to by their presence: a collect link of one of
-- its photos opened (the file's random name is the secret), one of its packs added, or, for a
-- link-only event, its own link (`?id=`) opened. A grant names a visitor's agent (`agent:{id}`)
-- or, once they sign in, their account (`uid:{uid}`), so that it follows them to other devices.
CREATE TABLE event_grants (
  event_name text NOT NULL REFERENCES events (name) ON DELETE CASCADE,
  holder     text NOT NULL CHECK (holder ~ '^(agent:[a-z0-9]{8,64}|uid:[^[:space:]]{1,128})$'),
  via        text NOT NULL CHECK (via IN ('collect', 'pack', 'link', 'account')),
  granted_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_name, holder)
);
CREATE INDEX event_grants_holder ON event_grants (holder);

-- The owner's "revoke every guest's access": grants go, the event's link changes, and collect links
-- of what was stored before this moment no longer grant it.
ALTER TABLE events ADD COLUMN grants_reset_at timestamptz;

-- App servers keep "has this visitor a grant" in memory (the media gate asks it per file): a new
-- grant or a revocation reaches every one of them (migration 0011's function), under its own key so
-- that a guest's grant does not make every server forget the event's galleries.
CREATE TRIGGER event_grants_cache_change AFTER INSERT OR UPDATE OR DELETE ON event_grants FOR EACH ROW EXECUTE FUNCTION notify_cache_change('grant:', 'event_name');
CREATE TRIGGER event_grants_cache_flush AFTER TRUNCATE ON event_grants FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_flush();
