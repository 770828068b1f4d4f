-- 'A festa em números' (docs/product.md#the-party-in-numbers): what guests did at an event that no other
-- table keeps. Append-only: a row per action, written by the action's own route. A person counts
-- a collect or a share once per visitor and photo, a wall once per screen, a gallery's
-- 'Baixar todas' once per visitor and gallery: those rows carry `once_key`, a one-way hash of the
-- visitor's agent and what they acted on, so that a retry or a reload adds nothing and the agent
-- itself is not kept. A face search counts every selfie sent. Gone with the event, and with the
-- photo it names.
CREATE TABLE event_actions (
  id          bigserial PRIMARY KEY,
  event_name  text NOT NULL REFERENCES events (name) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('collect', 'share', 'download', 'wall_view', 'face_search')),
  media_id    bigint REFERENCES media (id) ON DELETE CASCADE,
  once_key    text UNIQUE CHECK (once_key IS NULL OR once_key ~ '^[A-Za-z0-9_-]{43}$'),
  at          timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX event_actions_by_event ON event_actions (event_name, kind, at);
CREATE INDEX event_actions_by_media ON event_actions (media_id) WHERE media_id IS NOT NULL;
