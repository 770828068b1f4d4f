-- Which app server holds each job it took (db/jobHolders.ts): a worker records the job
-- in the very statement that takes it, under its server's instance id, one row per worker,
-- overwritten by its next fetch. An instance is alive while its holding connection is open
-- (pg_stat_activity's application_name): the jobs of one that is not are handed back at once,
-- instead of after their expiry. Logged (not UNLOGGED): a database that crashed with its app
-- servers must still know, after recovery, whose jobs were left active.
CREATE TABLE job_holders (
  instance text NOT NULL,
  queue text NOT NULL,
  slot integer NOT NULL,
  job_id uuid NOT NULL,
  PRIMARY KEY (instance, queue, slot)
);
-- "Does a live instance hold this job?", asked of every job a dead one held.
CREATE INDEX job_holders_job ON job_holders (job_id);
