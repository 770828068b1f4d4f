-- A print request remembers the job it queued, so the guest who made it (and only someone who
-- knows its id and pack hash) can follow that job: queued, printing, printed.
ALTER TABLE print_requests ADD COLUMN job_id bigint REFERENCES print_jobs(id) ON DELETE SET NULL;
CREATE INDEX print_requests_job ON print_requests (job_id);
