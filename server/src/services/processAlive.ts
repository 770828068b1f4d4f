import fs from 'node:fs';

/**
 * Whether a process is running. A zombie (dead, not yet reaped: common in containers whose
 * first process does not reap orphans) counts as dead, though signal 0 still reaches it.
 */
export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The state follows the parenthesised command name, which may itself hold spaces.
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return true; // no /proc: trust the signal
  }
}
