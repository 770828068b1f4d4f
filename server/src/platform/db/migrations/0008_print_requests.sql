-- A print request carries an id of its own (GET /print/{packHash}/{printId}?request={id}): a
-- replay of the same id spends no second copy and answers what the first one answered.
CREATE TABLE print_requests (
  request_id  text PRIMARY KEY CHECK (request_id ~ '^[A-Za-z0-9_-]{16,64}$'),
  pack_hash   text NOT NULL REFERENCES packs(hash),
  copies      integer,
  created_at  timestamptz NOT NULL DEFAULT now()
);
