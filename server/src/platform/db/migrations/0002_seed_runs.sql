-- Seeds whose loading finished: a start interrupted in the middle of loading goes on next time.
CREATE TABLE seed_runs (
  fingerprint  text PRIMARY KEY,
  file         text NOT NULL,
  loaded_at    timestamptz NOT NULL DEFAULT now()
);
