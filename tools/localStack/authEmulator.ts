import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './freePort';
import { commandLine, processRunning } from './processAlive';
import { startProcess, waitFor, type ManagedProcess } from './processes';

export interface AuthEmulator {
  /** The emulator's process id. */
  pid: number;
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  url: string;
  projectId: string;
  stop(): Promise<void>;
}

export interface AuthEmulatorOptions {
  projectId: string;
  port?: number;
  /** Keeps the emulator's users across graceful restarts (import at start, export at exit). */
  stateDir?: string;
  /** Where the emulator's process id is kept, so that a start after a crash can stop the old one. */
  pidFile?: string;
  log?: (line: string) => void;
}

function stopStaleEmulator(pidFile: string, log: (line: string) => void): void {
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
  fs.rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 1) return;
  if (!processRunning(pid) || !/firebase/.test(commandLine(pid))) return;
  try {
    process.kill(pid, 'SIGKILL');
    log(`stopped the Auth emulator left running by the last start (pid ${pid})`);
  } catch {
    // already gone
  }
}

async function portInUse(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

const FIREBASE_CLI = require.resolve('firebase-tools/lib/bin/firebase.js');

/**
 * The Firebase Auth emulator from `firebase-tools`, offline, for a `demo-` project. It gets a
 * config of its own with free ports, so that several can run side by side (tests, a local start).
 */
export async function startAuthEmulator({
  projectId,
  port,
  stateDir,
  pidFile,
  log = () => undefined,
}: AuthEmulatorOptions): Promise<AuthEmulator> {
  if (!projectId.startsWith('demo-'))
    throw new Error(`the emulator runs offline only for demo- projects, not "${projectId}"`);
  if (pidFile) stopStaleEmulator(pidFile, log);
  const authPort = port ?? (await freePort());
  if (port !== undefined && (await portInUse(port))) {
    throw new Error(`port ${port} of the Auth emulator is in use; stop what uses it or set AUTH_EMULATOR_PORT`);
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'auth-emulator-'));
  const config = {
    emulators: {
      auth: { host: '127.0.0.1', port: authPort },
      hub: { host: '127.0.0.1', port: await freePort() },
      logging: { host: '127.0.0.1', port: await freePort() },
      ui: { enabled: false },
    },
  };
  fs.writeFileSync(path.join(workDir, 'firebase.json'), JSON.stringify(config));
  const args = [
    FIREBASE_CLI,
    'emulators:start',
    '--only',
    'auth',
    '--project',
    projectId,
    '--config',
    path.join(workDir, 'firebase.json'),
  ];
  if (stateDir) {
    fs.mkdirSync(stateDir, { recursive: true });
    if (fs.existsSync(path.join(stateDir, 'firebase-export-metadata.json'))) args.push('--import', stateDir);
    args.push('--export-on-exit', stateDir);
  }
  log(`starting the Firebase Auth emulator on 127.0.0.1:${authPort}`);
  // In our process group: a Ctrl-C or a kill of the whole start reaches the emulator too.
  const child: ManagedProcess = startProcess(process.execPath, args, {
    cwd: workDir,
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: '', CI: 'true' },
    ownGroup: false,
  });
  const url = `http://127.0.0.1:${authPort}`;
  if (pidFile && child.child.pid) fs.writeFileSync(pidFile, String(child.child.pid));
  try {
    await waitFor(
      async () => {
        if (child.child.exitCode !== null) throw new Error('emulator exited');
        const response = await fetch(`${url}/`);
        return response.ok;
      },
      // Generous: on a loaded two-core machine firebase-tools alone can take over a minute to start.
      180_000,
      'The Firebase Auth emulator',
      child.output,
    );
  } catch (error) {
    await child.stop('SIGKILL');
    throw error;
  }
  return {
    pid: child.child.pid ?? 0,
    host: `127.0.0.1:${authPort}`,
    url,
    projectId,
    async stop() {
      // SIGINT lets the CLI export its users (stateDir) before it exits.
      await child.stop('SIGINT', 15_000);
      fs.rmSync(workDir, { recursive: true, force: true });
      if (pidFile) fs.rmSync(pidFile, { force: true });
    },
  };
}

/** Creates (or finds) a user with a fixed uid, through the emulator's admin API. */
export async function ensureEmulatorUser(
  emulator: Pick<AuthEmulator, 'url' | 'projectId'>,
  user: { uid: string; email: string; password: string; displayName?: string },
): Promise<void> {
  const base = `${emulator.url}/identitytoolkit.googleapis.com/v1/projects/${emulator.projectId}`;
  const headers = { 'Content-Type': 'application/json', Authorization: 'Bearer owner' };
  const lookup = await fetch(`${base}/accounts:lookup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ localId: [user.uid] }),
  });
  const found = (await lookup.json()) as { users?: unknown[] };
  if (found.users?.length) return;
  const response = await fetch(`${base}/accounts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      localId: user.uid,
      email: user.email,
      password: user.password,
      displayName: user.displayName,
    }),
  });
  if (!response.ok) throw new Error(`could not create ${user.email}: ${await response.text()}`);
}

/** Calls one of the emulator's public sign-in endpoints and returns the user's real ID token. */
async function emulatorAccountCall(
  emulatorUrl: string,
  action: 'signInWithPassword' | 'signUp',
  email: string,
  password: string,
): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:${action}?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId?: string; idToken?: string; error?: { message: string } };
  if (!response.ok || !body.idToken || !body.localId)
    throw new Error(`${action} failed: ${body.error?.message ?? response.status}`);
  return { uid: body.localId, idToken: body.idToken };
}

export const emulatorSignIn = (emulatorUrl: string, email: string, password: string) =>
  emulatorAccountCall(emulatorUrl, 'signInWithPassword', email, password);

export const emulatorSignUp = (emulatorUrl: string, email: string, password: string) =>
  emulatorAccountCall(emulatorUrl, 'signUp', email, password);
