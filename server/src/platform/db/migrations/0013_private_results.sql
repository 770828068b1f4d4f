-- What the AI mirror and the 360 platform make is the guest's, not the event's: a
-- 'result' is stored under a random name, and no gallery, event card or `deviceLast` lists it
-- (they read 'booth' media only). Results already stored leave the galleries now.
ALTER TABLE media DROP CONSTRAINT media_role_check;
ALTER TABLE media ADD CONSTRAINT media_role_check CHECK (role IN ('booth', 'event', 'result'));
UPDATE media SET role = 'result'
 WHERE role = 'booth' AND device_id IN (SELECT id FROM devices WHERE kind IN ('mirror', 'ultra'));

-- 'Apagar minhas fotos' deletes a guest's results, rows and files: a print job of one keeps its
-- history (the pack's copy was spent) without the media.
ALTER TABLE print_jobs ALTER COLUMN media_id DROP NOT NULL;
ALTER TABLE print_jobs DROP CONSTRAINT print_jobs_media_id_fkey;
ALTER TABLE print_jobs ADD CONSTRAINT print_jobs_media_id_fkey FOREIGN KEY (media_id) REFERENCES media (id) ON DELETE SET NULL;

-- The 360 platform's QR code is on its screen at the venue: a guest who configured a session with
-- it was there, and may see the event's results page (`ultraLast`) when the event is not public.
ALTER TABLE event_grants DROP CONSTRAINT event_grants_via_check;
ALTER TABLE event_grants ADD CONSTRAINT event_grants_via_check CHECK (via IN ('collect', 'pack', 'link', 'account', 'booth'));

-- The faces folder has a byte quota shared by every app server (FACES_QUOTA_MB): each face row
-- says how many bytes its file holds. Faces stored before this count as a stored face's most
-- (a 1024 px JPEG), so the quota never undercounts them.
ALTER TABLE faces ADD COLUMN bytes integer NOT NULL DEFAULT 0 CHECK (bytes >= 0);
UPDATE faces SET bytes = 400000;
