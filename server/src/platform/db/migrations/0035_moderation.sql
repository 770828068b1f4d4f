-- Moderation (docs/product.md#moderation): the owner and the team hide a medium from every place it
-- shows, and may ask that new photos wait for their approval before the wall shows them.
-- hidden_at: when it was hidden (null: shown). awaiting_approval: taken while the event's approval was
-- on, and not yet approved or hidden by the owner; the wall never shows it, the galleries only when
-- the owner does not hold them too. Both are columns of the medium, so every list that reads media
-- filters them in the same statement, and the change feed's trigger on media tells every server.
ALTER TABLE media ADD COLUMN hidden_at timestamptz;
ALTER TABLE media ADD COLUMN awaiting_approval boolean NOT NULL DEFAULT false;
ALTER TABLE events ADD COLUMN wall_approval boolean NOT NULL DEFAULT false;
ALTER TABLE events ADD COLUMN hold_galleries boolean NOT NULL DEFAULT false;

-- The media gate asks, per event, which of its files are hidden; the queue lists what waits.
CREATE INDEX media_hidden ON media (event_name) WHERE hidden_at IS NOT NULL;
CREATE INDEX media_awaiting_approval ON media (event_name, created_at) WHERE awaiting_approval;

-- A booth's photo taken while approval is on waits for it, whichever path stored it (an upload,
-- the seed): decided in the statement that stores it, so no photo slips in while it is turned on.
CREATE FUNCTION media_awaits_approval() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'booth' THEN
    NEW.awaiting_approval := coalesce((SELECT wall_approval FROM events WHERE name = NEW.event_name), false);
  END IF;
  RETURN NEW;
END
$$;
CREATE TRIGGER media_awaits_approval BEFORE INSERT ON media FOR EACH ROW EXECUTE FUNCTION media_awaits_approval();
