import type { MirrorMode, MirrorPrompt } from '../../../../contract/wire';
import { MIRROR_CUSTOM_MODE, MIRROR_NO_IMAGE } from '../../../../contract/protocol';
import type { Database, Queryable } from '../../platform/db/database';
import { findDevice, type DeviceRow } from './booths';
import { conflict, notFound } from '../../platform/errors';
import { recordAgentResult } from './results';

/**
 * The AI mirror's sessions: a guest's QR code (sh) on a mirror (dh), its mode, prompt and image, and the mirror's jobs.
 */

interface MirrorRow {
  device_id: string;
  session_hash: string;
  agent: string;
  state: 'idle' | 'started' | 'mode' | 'prompt' | 'processing' | 'done';
  mode: string | null;
  prompt: string | null;
  image_url: string | null;
}

async function mirrorDevice(db: Queryable, dh: string): Promise<DeviceRow> {
  const device = await findDevice(db, dh, 'mirror');
  if (!device) throw notFound('mirror_not_found', 'Espelho não encontrado.');
  return device;
}

/** The mirror's session for this QR code (sh) and visitor (agent), locked for the change. */
async function lockSession(db: Queryable, dh: string, sh: string, agent: string): Promise<MirrorRow> {
  await mirrorDevice(db, dh);
  const { rows } = await db.query<MirrorRow>('SELECT * FROM mirror_sessions WHERE device_id = $1 FOR UPDATE', [dh]);
  const session = rows[0];
  if (!session || session.session_hash !== sh)
    throw conflict('session_expired', 'Este QR code expirou. Escaneie o novo código do espelho.');
  if (session.agent !== '' && session.agent !== agent)
    throw conflict('session_busy', 'O espelho está em uso por outra pessoa.');
  return session;
}

export async function mirrorStart(db: Database, dh: string, sh: string, agent: string): Promise<void> {
  await db.transaction(async (client) => {
    await lockSession(client, dh, sh, agent);
    await client.query(
      `UPDATE mirror_sessions SET agent = $2, state = 'started', mode = NULL, prompt = NULL, image_url = NULL,
        updated_at = now()
        WHERE device_id = $1`,
      [dh, agent],
    );
  });
}

export async function mirrorSetMode(db: Database, dh: string, sh: string, agent: string, mode: string): Promise<void> {
  await db.transaction(async (client) => {
    const session = await lockSession(client, dh, sh, agent);
    if (session.agent !== agent) throw conflict('session_not_started', 'Comece a sessão primeiro.');
    if (mode !== MIRROR_CUSTOM_MODE) {
      const known = await client.query('SELECT 1 FROM mirror_modes WHERE title = $1', [mode]);
      if (!known.rowCount) throw notFound('mode_not_found', 'Modo desconhecido.');
    }
    await client.query(
      `UPDATE mirror_sessions SET state = 'mode', mode = $2, prompt = NULL, updated_at = now() WHERE device_id = $1`,
      [dh, mode],
    );
  });
}

export async function mirrorSetPrompt(
  db: Database,
  dh: string,
  sh: string,
  agent: string,
  prompt: string,
): Promise<void> {
  await db.transaction(async (client) => {
    const session = await lockSession(client, dh, sh, agent);
    if (session.agent !== agent || !session.mode) throw conflict('mode_missing', 'Escolha o modo primeiro.');
    if (session.mode !== MIRROR_CUSTOM_MODE) {
      const known = await client.query('SELECT 1 FROM mirror_prompts WHERE mode = $1 AND title = $2', [
        session.mode,
        prompt,
      ]);
      if (!known.rowCount) throw notFound('prompt_not_found', 'Mágica desconhecida.');
    }
    await client.query(
      `UPDATE mirror_sessions SET state = 'prompt', prompt = $2, image_url = NULL, updated_at = now() WHERE ` +
        `device_id = $1`,
      [dh, prompt],
    );
  });
}

/** The finished image's URL, or `no_image` while the mirror works. */
export async function mirrorLastImage(db: Database, dh: string, sh: string, agent: string): Promise<string> {
  await mirrorDevice(db, dh);
  const { rows } = await db.query<MirrorRow>('SELECT * FROM mirror_sessions WHERE device_id = $1', [dh]);
  const session = rows[0];
  if (!session || session.session_hash !== sh || session.agent !== agent) return MIRROR_NO_IMAGE;
  return session.state === 'done' && session.image_url ? session.image_url : MIRROR_NO_IMAGE;
}

/** Frees the mirror for the next guest. */
export async function mirrorRestart(db: Database, dh: string, sh: string, agent: string): Promise<void> {
  await db.transaction(async (client) => {
    await lockSession(client, dh, sh, agent);
    await client.query(
      `UPDATE mirror_sessions SET agent = '', state = 'idle', mode = NULL, prompt = NULL, updated_at = now() ` +
        `WHERE device_id = $1`,
      [dh],
    );
  });
}

export async function mirrorModes(db: Database, dh: string): Promise<MirrorMode[]> {
  await mirrorDevice(db, dh);
  const { rows } = await db.query<MirrorMode>(
    'SELECT title, description, icon, background FROM mirror_modes ORDER BY position, title',
  );
  return rows;
}

export async function mirrorPrompts(db: Database, dh: string, mode: string): Promise<MirrorPrompt[]> {
  await mirrorDevice(db, dh);
  const { rows } = await db.query<MirrorPrompt>(
    'SELECT title, icon, background FROM mirror_prompts WHERE mode = $1 ORDER BY position, title',
    [mode],
  );
  return rows;
}

/** Device side: a new QR code on the mirror's screen opens a new session. */
export async function mirrorOpenSession(db: Queryable, deviceId: string, sessionHash: string): Promise<void> {
  await db.query(
    `INSERT INTO mirror_sessions (device_id, session_hash, agent, state) VALUES ($1, $2, '', 'idle')
     ON CONFLICT (device_id) DO UPDATE SET session_hash = $2, agent = '', state = 'idle', mode = NULL, prompt = NULL,
       image_url = NULL, updated_at = now()`,
    [deviceId, sessionHash],
  );
}

/**
 * Device side: the next prompt to render, taken once, with the session it answers (the QR code's
 * `sh`). Never the visitor's agent: a mirror has no use for it, and it is the guest's alone.
 */
export async function mirrorTakeJob(
  db: Queryable,
  deviceId: string,
): Promise<{ mode: string; prompt: string; session: string } | null> {
  const { rows } = await db.query<MirrorRow>(
    `UPDATE mirror_sessions SET state = 'processing', updated_at = now() WHERE device_id = $1 AND state = ` +
      `'prompt' RETURNING *`,
    [deviceId],
  );
  const session = rows[0];
  return session ? { mode: session.mode ?? '', prompt: session.prompt ?? '', session: session.session_hash } : null;
}

/**
 * Device side: the rendered image. The guest whose prompt it answers gets it in their results
 * and, through them, in their account's collection.
 */
export async function mirrorFinish(db: Database, deviceId: string, imageUrl: string): Promise<void> {
  await db.transaction(async (client) => {
    const { rows } = await client.query<MirrorRow>('SELECT * FROM mirror_sessions WHERE device_id = $1 FOR UPDATE', [
      deviceId,
    ]);
    await client.query(
      `UPDATE mirror_sessions SET state = 'done', image_url = $2, updated_at = now() WHERE device_id = $1`,
      [deviceId, imageUrl],
    );
    const session = rows[0];
    if (session && session.agent !== '' && (session.state === 'processing' || session.state === 'done')) {
      await recordAgentResult(client, session.agent, imageUrl, 'mirror');
    }
  });
}
