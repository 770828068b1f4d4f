-- The routes' rate limits counted in the database: every app server behind the balancer
-- counts the same requests, so N servers allow what one allows. One row per route and client,
-- a fixed window each (what @fastify/rate-limit's own stores count). UNLOGGED: a count is worth
-- nothing after a crash (it lives a minute), and the table is written on every limited request.
CREATE UNLOGGED TABLE rate_counters (
  key        text PRIMARY KEY,
  hits       integer NOT NULL,
  resets_at  timestamptz NOT NULL
);
CREATE INDEX rate_counters_resets_at ON rate_counters (resets_at);
