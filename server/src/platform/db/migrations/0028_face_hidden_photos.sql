-- 'Não me mostre' by photo: the photos a hidden face was found in, per event, written
-- when the face is hidden (or its hiding reaches an event) and when a photo of such an event is
-- indexed. A search leaves them out with one join and reads no hidden face; before, each search
-- compared every face it found with every face hidden in the event.
CREATE TABLE face_hidden_photos (
  event_name  text NOT NULL,
  agent       text NOT NULL,
  media_id    bigint NOT NULL REFERENCES face_photos(media_id) ON DELETE CASCADE,
  PRIMARY KEY (media_id, agent),
  -- Asking to be found again, an erasure and the retention sweep delete the event's row, and so these.
  FOREIGN KEY (event_name, agent) REFERENCES face_hidden_events(event_name, agent) ON DELETE CASCADE
);
CREATE INDEX face_hidden_photos_by_hiding ON face_hidden_photos (event_name, agent);

-- Whether the event's photos were looked through for the hidden face. The hidings made before this
-- migration were not: the first search of their event does it (domain/faceHiding.ts).
ALTER TABLE face_hidden_events ADD COLUMN marked boolean NOT NULL DEFAULT false;
CREATE INDEX face_hidden_events_unmarked ON face_hidden_events (event_name) WHERE NOT marked;
