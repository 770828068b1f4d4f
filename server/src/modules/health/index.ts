export { databaseAnswers } from './databaseHealth';
export { registerHealth } from './http/health';
