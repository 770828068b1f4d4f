-- 'Não me mostre' per event. A hidden face (face_hidden: the face its agent asked to
-- hide, the standing request) hides photos only in the events that agent's own search may search
-- (the media gate opens them to it, with face search on): those it searched when it asked, and
-- those it searches while it stays hidden. Elsewhere it hides nothing, so a picture of a guest
-- no longer hides them from events the holder of the picture has no access to. Keyed by event:
-- a search reads the hidden faces of the events it searches, never all of them.
CREATE TABLE face_hidden_events (
  event_name  text NOT NULL REFERENCES events(name) ON DELETE CASCADE,
  agent       text NOT NULL REFERENCES face_hidden(agent) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_name, agent)
);
-- Asking to be found again, an erasure and the retention sweep delete by agent.
CREATE INDEX face_hidden_events_by_agent ON face_hidden_events (agent);

-- A face hidden before this hid it in every event: it keeps hiding it in every event with face
-- search on now.
INSERT INTO face_hidden_events (event_name, agent)
SELECT e.name, h.agent FROM face_hidden h CROSS JOIN events e WHERE e.face_search;
