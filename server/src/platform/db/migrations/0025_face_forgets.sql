-- When a visitor last deleted their selfie ('Apagar minhas fotos', an erasure): a selfie whose
-- search began before that is not kept when its answer comes (the model takes a second; the
-- guest may delete in between). Only the agent and the moment, kept a day.
CREATE TABLE face_forgets (
  agent         text PRIMARY KEY CHECK (agent ~ '^[A-Za-z0-9_-]{1,64}$'),
  forgotten_at  timestamptz NOT NULL
);
