-- Every event has a title people read: owners type it and the name (the link's key) is
-- derived from it. Events made before, and any row written without one (the seed's events without
-- a title, a script's insert), take their name as title; the owner can change it later.
CREATE FUNCTION event_title_from_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF btrim(NEW.title) = '' THEN
    NEW.title := NEW.name;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER events_title_from_name BEFORE INSERT OR UPDATE OF title ON events FOR EACH ROW EXECUTE FUNCTION event_title_from_name();

UPDATE events SET title = name WHERE btrim(title) = '';
ALTER TABLE events ADD CONSTRAINT events_title_length CHECK (char_length(title) BETWEEN 1 AND 80);
