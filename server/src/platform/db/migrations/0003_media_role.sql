-- What a media row is. 'booth': what a booth took (photos, GIFs, videos, 360 videos, AI images),
-- a guest's media, listed in galleries and counted on event cards. 'event': one of the event's
-- own images (its cover or profile), stored and served beside the booth media but never a guest's.
-- domain/media.ts keeps it: a file no device uploaded whose URL is its event's cover or profile.
ALTER TABLE media ADD COLUMN role text NOT NULL DEFAULT 'booth' CHECK (role IN ('booth', 'event'));

UPDATE media m SET role = 'event'
  FROM events e
 WHERE e.name = m.event_name
   AND m.device_id IS NULL
   AND '/media/' || m.event_name || '/' || m.mode || '/' || m.file IN (e.cover, e.profile);

-- Galleries, their conditional replies and the cards' counts read booth media only.
DROP INDEX media_gallery;
CREATE INDEX media_gallery ON media (event_name, mode, created_at, id) WHERE role = 'booth';
