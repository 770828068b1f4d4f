-- 'Encontre minhas fotos': how many times each photo was claimed for indexing without
-- an answer the photo is not blamed for. A photo that takes the face worker down is the oldest of
-- its event, claimed first again and again: after three such claims it is left out as unreadable
-- instead (server/src/domain/faceIndex.ts), and the event's other photos go on. A claim given back
-- for a cause that is not the photo's (the store, the model not loading) does not count.
ALTER TABLE face_photos ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0);

-- Which server process holds a claim (a random id of its own): a job that finds its event's
-- photos all claimed comes back when the claims of others expire (their server may have died),
-- never for its own server's, which are answered.
ALTER TABLE face_photos ADD COLUMN claimed_by text;
