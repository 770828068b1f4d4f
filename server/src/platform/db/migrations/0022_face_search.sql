-- 'Encontre minhas fotos': an event's owner turns face search on (off by default);
-- then each booth photo of the event is indexed by a job: the faces found in it, each kept as its
-- box and its descriptor (128 float32 numbers, 512 bytes), nothing else. Turning it off, or
-- deleting the event or the photo, deletes them.
ALTER TABLE events ADD COLUMN face_search boolean NOT NULL DEFAULT false;

-- Each photo of an event with face search on: waiting for its job, being indexed (claimed by a
-- worker, taken again if that worker died), indexed, or unreadable (no image the model decodes).
CREATE TABLE face_photos (
  media_id    bigint PRIMARY KEY REFERENCES media(id) ON DELETE CASCADE,
  event_name  text NOT NULL REFERENCES events(name) ON DELETE CASCADE,
  status      text NOT NULL DEFAULT 'waiting' CHECK (status IN ('waiting', 'indexing', 'indexed', 'unreadable')),
  claimed_at  timestamptz,
  faces       integer NOT NULL DEFAULT 0 CHECK (faces >= 0),
  indexed_at  timestamptz
);
CREATE INDEX face_photos_by_event ON face_photos (event_name, status);

CREATE TABLE face_descriptors (
  id          bigserial PRIMARY KEY,
  media_id    bigint NOT NULL REFERENCES face_photos(media_id) ON DELETE CASCADE,
  event_name  text NOT NULL REFERENCES events(name) ON DELETE CASCADE,
  box         real[] NOT NULL CHECK (cardinality(box) = 4),
  descriptor  bytea NOT NULL CHECK (octet_length(descriptor) = 512)
);
CREATE INDEX face_descriptors_by_event ON face_descriptors (event_name);
CREATE INDEX face_descriptors_by_media ON face_descriptors (media_id);
