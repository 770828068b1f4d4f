-- The title people read ('Festa da Ana'); the name (festa_ana) stays the event's key and slug.
ALTER TABLE events ADD COLUMN title text NOT NULL DEFAULT '';
