import { startStackProcess, type StackProcess } from '../../../scripts/lib/stackProcess';

/**
 * Another app server beside the run's stack, as a second server behind a balancer is: `npm start`
 * on the stack's data folder (it joins the embedded PostgreSQL running there, and finds the demo
 * seed loaded), the stack's Auth emulator and build, with settings of its own (`env`). It starts
 * no database cluster nor emulator: a journey that needs a server of its own pays for a server.
 */
export function startAppBeside(env: Record<string, string> = {}): Promise<StackProcess> {
  const emulator = process.env.E2E_AUTH_EMULATOR_URL;
  const dataDir = process.env.E2E_DATA_DIR;
  const distDir = process.env.E2E_DIST_DIR;
  if (!emulator || !dataDir || !distDir) throw new Error('E2E_* missing: run the browser tests through jest');
  return startStackProcess({
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    FIREBASE_AUTH_EMULATOR_HOST: new URL(emulator).host,
    TEAM_EMAILS: '',
    ...env,
  });
}
