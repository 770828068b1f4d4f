-- Booth results land in the guest's collection, the 360 platform is bound to the QR code on its
-- screen, and face captures belong to a visitor (docs/api.md#beyond-the-spec;
-- docs/devices.md).

-- What the AI mirror and the 360 platform made for a visitor (agent), so the SPA can pick it up
-- on the next visit even when the page was closed (GET /agentResults/{agent}).
CREATE TABLE agent_results (
  id          bigserial PRIMARY KEY,
  agent       text NOT NULL CHECK (agent ~ '^[A-Za-z0-9_-]{1,64}$'),
  url         text NOT NULL CHECK (length(url) BETWEEN 1 AND 512),
  kind        text NOT NULL CHECK (kind IN ('mirror', '360')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (agent, url)
);
CREATE INDEX agent_results_by_agent ON agent_results (agent, created_at, id);

-- Accounts are found by the visitor id their browser had when they were created.
CREATE INDEX accounts_by_agent ON accounts (agent) WHERE agent <> '';

-- The 360 platform announces the QR code on its screen (qrid); a guest's settings name it. 'idle':
-- a QR code is on screen and nobody configured it yet. `agent`: the visitor who configured it.
ALTER TABLE ultra_sessions DROP CONSTRAINT ultra_sessions_state_check;
ALTER TABLE ultra_sessions ADD CONSTRAINT ultra_sessions_state_check CHECK (state IN ('idle', 'configured', 'in_session', 'done'));
ALTER TABLE ultra_sessions ADD COLUMN agent text NOT NULL DEFAULT '';

-- Faces are kept per visitor: `name` is the visitor's agent and `file` is relative to
-- {dataDir}/faces ('{agent}/{file}' from now on).
CREATE INDEX faces_by_name ON faces (name, created_at, id);

-- A sliding-window rate limit shared by every app server: one row per counted request.
CREATE TABLE rate_hits (
  bucket  text NOT NULL,
  at      timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX rate_hits_by_bucket ON rate_hits (bucket, at);
CREATE INDEX rate_hits_by_time ON rate_hits (at);
