-- 'Encontre minhas fotos': a visitor's selfie is kept only as its descriptor (the image
-- is never stored), for the visitor's session: 24 hours at most, and 'Apagar minhas fotos'
-- deletes it at once.
CREATE TABLE face_selfies (
  agent       text PRIMARY KEY CHECK (agent ~ '^[A-Za-z0-9_-]{1,64}$'),
  descriptor  bytea NOT NULL CHECK (octet_length(descriptor) = 512),
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX face_selfies_expiry ON face_selfies (expires_at);

-- 'Não me mostre': a visitor who asks not to be found. Their descriptor is kept only to hide the
-- photos they are in from other visitors' searches, until they ask again to be found.
CREATE TABLE face_hidden (
  agent       text PRIMARY KEY CHECK (agent ~ '^[A-Za-z0-9_-]{1,64}$'),
  descriptor  bytea NOT NULL CHECK (octet_length(descriptor) = 512),
  created_at  timestamptz NOT NULL DEFAULT now()
);
