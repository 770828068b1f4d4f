-- A print job can fail (the photo it prints was erased with its guest's data;
-- the printer reports it). A failed job has given its copy back to its pack, once: the job leaves
-- 'queued' or 'printing' in the same statement that returns the copy.
ALTER TABLE print_jobs DROP CONSTRAINT print_jobs_status_check;
ALTER TABLE print_jobs ADD CONSTRAINT print_jobs_status_check CHECK (status IN ('queued', 'printing', 'printed', 'failed'));
ALTER TABLE print_jobs ADD COLUMN failed_at timestamptz;
