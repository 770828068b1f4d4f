/**
 * Whether this server answers, and what it depends on (the database, the media storage, the job
 * queue): /health and /api/health.
 */
export { databaseAnswers } from './databaseHealth';
export { registerHealth } from './http/health';
