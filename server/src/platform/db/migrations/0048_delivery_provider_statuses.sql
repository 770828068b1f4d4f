-- The provider's last word on each message it took, by its id (docs/api.md#photos-delivered): a
-- status notification can come before the server that sent the message has marked it with that id
-- (Meta does not promise their order; its stand-in answers in milliseconds), so it is kept here,
-- and the mark applies it. Its row is also the lock that orders the two: a notification and the
-- mark of one message wait for each other. No personal data: the provider's id and what it said.
CREATE TABLE delivery_provider_statuses (
  provider_id  text PRIMARY KEY CHECK (char_length(provider_id) BETWEEN 1 AND 256),
  status       text NOT NULL CHECK (status IN ('sent', 'delivered', 'failed')),
  reason       text,
  at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX delivery_provider_statuses_by_time ON delivery_provider_statuses (at);
