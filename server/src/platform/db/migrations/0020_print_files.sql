-- A QR code on every print: a print job's file is the photo laid out for its event's
-- paper with the event's title and the photo's collect QR code, made by a job when the print is
-- asked for (jobs/printFiles.ts) and kept in the store under prints/{job id}.jpg until printed.
ALTER TABLE events ADD COLUMN print_paper text NOT NULL DEFAULT '10x15' CHECK (print_paper IN ('10x15', '13x18', '15x20'));
ALTER TABLE print_jobs ADD COLUMN file_made boolean NOT NULL DEFAULT false;
