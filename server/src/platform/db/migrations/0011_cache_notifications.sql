-- App servers keep what guests poll (a gallery's version, event cards, packs) in memory
-- (server/src/db/liveCache.ts) and must forget it the moment it changes, whoever changed it:
-- another app server, the seed command, a migration, psql. Every change to those tables says
-- which key it touched on the channel `cache_changed`, delivered to every listener at commit
-- (and not at all on rollback). Within one transaction PostgreSQL folds identical payloads into
-- one, so a bulk insert of an event's media is a single 'event:{name}'.
-- Its arguments: the key's prefix and the column that holds the key.
CREATE FUNCTION notify_cache_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_key text;
  new_key text;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    old_key := to_jsonb(OLD) ->> TG_ARGV[1];
    PERFORM pg_notify('cache_changed', TG_ARGV[0] || old_key);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    new_key := to_jsonb(NEW) ->> TG_ARGV[1];
    IF new_key IS DISTINCT FROM old_key THEN
      PERFORM pg_notify('cache_changed', TG_ARGV[0] || new_key);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

-- TRUNCATE names no row: everyone forgets everything.
CREATE FUNCTION notify_cache_flush() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_changed', '*');
  RETURN NULL;
END
$$;

CREATE TRIGGER media_cache_change AFTER INSERT OR UPDATE OR DELETE ON media FOR EACH ROW EXECUTE FUNCTION notify_cache_change('event:', 'event_name');
CREATE TRIGGER events_cache_change AFTER INSERT OR UPDATE OR DELETE ON events FOR EACH ROW EXECUTE FUNCTION notify_cache_change('event:', 'name');
CREATE TRIGGER packs_cache_change AFTER INSERT OR UPDATE OR DELETE ON packs FOR EACH ROW EXECUTE FUNCTION notify_cache_change('pack:', 'hash');
CREATE TRIGGER media_cache_flush AFTER TRUNCATE ON media FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_flush();
CREATE TRIGGER events_cache_flush AFTER TRUNCATE ON events FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_flush();
CREATE TRIGGER packs_cache_flush AFTER TRUNCATE ON packs FOR EACH STATEMENT EXECUTE FUNCTION notify_cache_flush();
