-- A booth's upload joins its galleries once its job has made its tile: a phone told of
-- a new photo asks for its thumbnail at once, and finds it made, instead of waiting for it to be
-- made. Set when an upload is indexed with its job; cleared by the job whatever its outcome (a
-- file that never decodes is listed without a picture, as before). Rows that exist are listed.
ALTER TABLE media ADD COLUMN awaiting_tile boolean NOT NULL DEFAULT false;
-- The sweep that lists uploads whose tile never came (jobs/tileSweep.ts) reads only those.
CREATE INDEX media_awaiting_tile ON media (created_at) WHERE awaiting_tile;
