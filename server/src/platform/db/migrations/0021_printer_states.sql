-- A printer guests can trust: each printer says what state it is in (ready, out of
-- paper, out of ink, jammed) and when it was last heard from; one not heard from for a minute
-- is offline (domain/printers.ts). A printer that is not ready takes no job: its jobs wait.
CREATE TABLE printer_states (
  device_id   text PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  state       text NOT NULL DEFAULT 'ready' CHECK (state IN ('ready', 'out_of_paper', 'out_of_ink', 'jammed')),
  seen_at     timestamptz NOT NULL DEFAULT now(),
  changed_at  timestamptz NOT NULL DEFAULT now()
);
