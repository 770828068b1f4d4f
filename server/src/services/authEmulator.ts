import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../db/embedded';
import { startProcess, waitFor, type ManagedProcess } from './processes';

export interface AuthEmulator {
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
  log?: (line: string) => void;
}

const FIREBASE_CLI = require.resolve('firebase-tools/lib/bin/firebase.js');

/**
 * The Firebase Auth emulator from `firebase-tools`, offline, for a `demo-` project. It gets a
 * config of its own with free ports, so that several can run side by side (tests, a local start).
 */
export async function startAuthEmulator({ projectId, port, stateDir, log = () => undefined }: AuthEmulatorOptions): Promise<AuthEmulator> {
  if (!projectId.startsWith('demo-')) throw new Error(`the emulator runs offline only for demo- projects, not "${projectId}"`);
  const authPort = port ?? (await freePort());
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
  const args = [FIREBASE_CLI, 'emulators:start', '--only', 'auth', '--project', projectId, '--config', path.join(workDir, 'firebase.json')];
  if (stateDir) {
    fs.mkdirSync(stateDir, { recursive: true });
    if (fs.existsSync(path.join(stateDir, 'firebase-export-metadata.json'))) args.push('--import', stateDir);
    args.push('--export-on-exit', stateDir);
  }
  log(`starting the Firebase Auth emulator on 127.0.0.1:${authPort}`);
  const child: ManagedProcess = startProcess(process.execPath, args, {
    cwd: workDir,
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: '', CI: 'true' },
  });
  const url = `http://127.0.0.1:${authPort}`;
  try {
    await waitFor(
      async () => {
        if (child.child.exitCode !== null) throw new Error('emulator exited');
        const response = await fetch(`${url}/`);
        return response.ok;
      },
      60_000,
      'The Firebase Auth emulator',
      child.output,
    );
  } catch (error) {
    await child.stop('SIGKILL');
    throw error;
  }
  return {
    host: `127.0.0.1:${authPort}`,
    url,
    projectId,
    async stop() {
      // SIGINT lets the CLI export its users (stateDir) before it exits.
      await child.stop('SIGINT', 15_000);
      fs.rmSync(workDir, { recursive: true, force: true });
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
  const lookup = await fetch(`${base}/accounts:lookup`, { method: 'POST', headers, body: JSON.stringify({ localId: [user.uid] }) });
  const found = (await lookup.json()) as { users?: unknown[] };
  if (found.users?.length) return;
  const response = await fetch(`${base}/accounts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ localId: user.uid, email: user.email, password: user.password, displayName: user.displayName }),
  });
  if (!response.ok) throw new Error(`could not create ${user.email}: ${await response.text()}`);
}

/** Signs a user in through the emulator's public API and returns a real ID token. */
export async function emulatorSignIn(emulatorUrl: string, email: string, password: string): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId?: string; idToken?: string; error?: { message: string } };
  if (!response.ok || !body.idToken || !body.localId) throw new Error(`sign-in failed: ${body.error?.message ?? response.status}`);
  return { uid: body.localId, idToken: body.idToken };
}

/** Creates a new user through the emulator's public API and returns a real ID token. */
export async function emulatorSignUp(emulatorUrl: string, email: string, password: string): Promise<{ uid: string; idToken: string }> {
  const response = await fetch(`${emulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  const body = (await response.json()) as { localId?: string; idToken?: string; error?: { message: string } };
  if (!response.ok || !body.idToken || !body.localId) throw new Error(`sign-up failed: ${body.error?.message ?? response.status}`);
  return { uid: body.localId, idToken: body.idToken };
}
