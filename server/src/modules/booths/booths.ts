import type { DeviceLastReply, MirrorMode, MirrorPrompt } from '../../../../contract/wire';
import { deviceTitle } from '../../../../contract/boothLabels';
import type { Database, Queryable } from '../../platform/db/database';
import { deviceKeyHash, deviceKeyMatches, NO_KEY } from './deviceKeys';
import { conflict, notFound } from '../../platform/errors';
import type { EventRow } from '../events';
import { agentVideoOf, deviceLastMedia } from '../media';
import { recordAgentResult } from './results';
import { MIRROR_CUSTOM_MODE, MIRROR_NO_IMAGE } from '../../../../contract/protocol';

export interface DeviceRow {
  id: string;
  kind: 'booth' | 'printer' | 'mirror' | 'ultra';
  event_name: string | null;
  mode: string | null;
  key_hash: string;
}

async function findDevice(db: Queryable, id: string, kind?: DeviceRow['kind']): Promise<DeviceRow | null> {
  const { rows } = await db.query<DeviceRow>('SELECT * FROM devices WHERE id = $1', [id]);
  const device = rows[0] ?? null;
  return device && (!kind || device.kind === kind) ? device : null;
}

/**
 * A device authenticates with its id and key (modules/booths/deviceKeys.ts); the comparison takes the same
 * time either way, and an unknown id is compared too. A key stored before the pepper is stored
 * peppered the first time it opens its device.
 */
export async function authenticateDevice(
  db: Queryable,
  pepper: Buffer,
  id: string,
  key: string,
): Promise<DeviceRow | null> {
  const device = await findDevice(db, id);
  const matched = deviceKeyMatches(pepper, device?.key_hash ?? NO_KEY, key);
  if (!device || !matched) return null;
  if (matched === 'legacy')
    await db.query('UPDATE devices SET key_hash = $2 WHERE id = $1 AND key_hash = $3', [
      id,
      deviceKeyHash(pepper, key),
      device.key_hash,
    ]);
  return device;
}

/**
 * `deviceLast`: the newest media of a device of this event, zero or one URL, with the booth's and
 * the event's titles; 404 when the device is not one of the event's (the caller checked the event
 * with `eventForViewer`).
 */
export async function deviceLastOfEvent(
  db: Queryable,
  event: Pick<EventRow, 'name' | 'title'>,
  device: string,
): Promise<DeviceLastReply> {
  const row = await findDevice(db, device);
  if (!row || row.event_name !== event.name)
    throw notFound('device_not_found', 'Dispositivo não encontrado neste evento.');
  return {
    product: await deviceLastMedia(db, event.name, device),
    boothTitle: deviceTitle(row),
    eventTitle: event.title || event.name,
  };
}

// ---- AI mirror -------------------------------------------------------------------------------

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
      `UPDATE mirror_sessions SET agent = $2, state = 'started', mode = NULL, prompt = NULL, image_url = NULL, updated_at = now()
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
      `UPDATE mirror_sessions SET state = 'prompt', prompt = $2, image_url = NULL, updated_at = now() WHERE device_id = $1`,
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
      `UPDATE mirror_sessions SET agent = '', state = 'idle', mode = NULL, prompt = NULL, updated_at = now() WHERE device_id = $1`,
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
    `UPDATE mirror_sessions SET state = 'processing', updated_at = now() WHERE device_id = $1 AND state = 'prompt' RETURNING *`,
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

// ---- 360 platform ----------------------------------------------------------------------------

interface UltraRow {
  /** idle: a QR code (qrid) is on the platform's screen and nobody configured it yet. */
  state: 'idle' | 'configured' | 'in_session' | 'done';
  video_url: string | null;
  qrid: string;
  speed: number;
  music: string;
  /** The visitor who configured the session ('' when nobody did, or they sent no agent). */
  agent: string;
}

async function ultraDevice(db: Queryable, device: string): Promise<DeviceRow> {
  const row = await findDevice(db, device, 'ultra');
  if (!row) throw notFound('device_not_found', 'Plataforma 360 não encontrada.');
  return row;
}

/** The platform is recording for someone, or about to. */
const running = (session: UltraRow) => session.state === 'configured' || session.state === 'in_session';

/**
 * A guest's settings for the session of the QR code they scanned (qrid, the session key as the
 * mirror's `sh`). Refused when that QR code is no longer on the platform's screen, and when
 * another visitor's session is under way on it (or already made its video); the same visitor
 * may change their settings. Answers the platform's event.
 */
export async function ultraConfigure(
  db: Database,
  device: string,
  qrid: string,
  speed: number,
  music: string,
  agent = '',
): Promise<string | null> {
  const platform = await ultraDevice(db, device);
  await db.transaction(async (client) => {
    const { rows } = await client.query<UltraRow>('SELECT * FROM ultra_sessions WHERE device_id = $1 FOR UPDATE', [
      device,
    ]);
    const session = rows[0];
    if (!session || session.qrid === '' || session.qrid !== qrid) {
      throw conflict('session_expired', 'Este QR code expirou. Escaneie o novo código da plataforma.');
    }
    const sameVisitor = agent !== '' && session.agent === agent;
    if ((running(session) || session.state === 'done') && !sameVisitor) {
      throw conflict('session_busy', 'A plataforma está em uso por outra pessoa.');
    }
    await client.query(
      `UPDATE ultra_sessions SET speed = $2, music = $3, agent = $4, state = 'configured', video_url = NULL, updated_at = now()
        WHERE device_id = $1`,
      [device, speed, music, agent],
    );
  });
  return platform.event_name;
}

/**
 * The visitor's own 360 session: `in_session` while the platform records or processes it, then
 * its video, kept after the platform shows the next QR code (the visitor's results). Never
 * another visitor's session or video, nor the platform's last one: the next guest in the queue
 * opening this screen must not see the previous one's video. Without an agent, nothing. The
 * device must be one of the event's, and a private event's media is for signed-in visitors (the
 * caller checked the event with `eventForViewer`).
 */
export async function ultraLast(
  db: Database,
  device: string,
  bname: string,
  agent: string,
): Promise<'in_session' | { product: string[] }> {
  const row = await ultraDevice(db, device);
  if (row.event_name !== bname) throw notFound('device_not_found', 'Plataforma 360 não encontrada neste evento.');
  if (agent === '') return { product: [] };
  const { rows } = await db.query<UltraRow>('SELECT * FROM ultra_sessions WHERE device_id = $1', [device]);
  const session = rows[0];
  if (session && session.agent === agent) {
    if (running(session)) return 'in_session';
    if (session.state === 'done' && session.video_url) return { product: [session.video_url] };
  }
  return { product: await agentVideoOf(db, agent, bname, device) };
}

/** Device side: a new QR code on the platform's screen opens a new session, nobody's yet. */
export async function ultraOpenSession(db: Queryable, deviceId: string, qrid: string): Promise<void> {
  await db.query(
    `INSERT INTO ultra_sessions (device_id, qrid, speed, music, state, agent) VALUES ($1, $2, 20, 'Escolinha_do_Professor', 'idle', '')
     ON CONFLICT (device_id) DO UPDATE SET qrid = $2, state = 'idle', agent = '', video_url = NULL, updated_at = now()`,
    [deviceId, qrid],
  );
}

export async function ultraTakeSettings(
  db: Queryable,
  deviceId: string,
): Promise<{ qrid: string; speed: number; music: string } | null> {
  const { rows } = await db.query<UltraRow>(
    `UPDATE ultra_sessions SET state = 'in_session', updated_at = now() WHERE device_id = $1 AND state = 'configured' RETURNING *`,
    [deviceId],
  );
  const session = rows[0];
  return session ? { qrid: session.qrid, speed: session.speed, music: session.music } : null;
}

/**
 * Device side: the finished video. The visitor who configured the session gets it in their
 * results and, through them, in their account's collection.
 */
export async function ultraFinish(db: Database, deviceId: string, videoUrl: string): Promise<void> {
  await db.transaction(async (client) => {
    const { rows } = await client.query<UltraRow>('SELECT * FROM ultra_sessions WHERE device_id = $1 FOR UPDATE', [
      deviceId,
    ]);
    await client.query(
      `INSERT INTO ultra_sessions (device_id, qrid, speed, music, state, video_url) VALUES ($1, '', 20, 'Escolinha_do_Professor', 'done', $2)
       ON CONFLICT (device_id) DO UPDATE SET state = 'done', video_url = $2, updated_at = now()`,
      [deviceId, videoUrl],
    );
    const session = rows[0];
    if (session && session.agent !== '' && session.state !== 'idle')
      await recordAgentResult(client, session.agent, videoUrl, '360');
  });
}
