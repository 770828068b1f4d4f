import type { Database, Queryable } from '../../platform/db/database';
import { findDevice, type DeviceRow } from './booths';
import { conflict, notFound } from '../../platform/errors';
import { agentVideoOf } from '../media';
import { recordAgentResult } from './results';
import type { EventName } from '../../../../contract/names';

/**
 * The 360 platform's sessions: a guest's settings for the QR code on its screen, the recording, and the guest's video.
 */

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
      `UPDATE ultra_sessions SET speed = $2, music = $3, agent = $4, state = 'configured', video_url = NULL, updated_at
        = now()
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
  eventName: EventName,
  agent: string,
): Promise<'in_session' | { product: string[] }> {
  const row = await ultraDevice(db, device);
  if (row.event_name !== eventName) throw notFound('device_not_found', 'Plataforma 360 não encontrada neste evento.');
  if (agent === '') return { product: [] };
  const { rows } = await db.query<UltraRow>('SELECT * FROM ultra_sessions WHERE device_id = $1', [device]);
  const session = rows[0];
  if (session && session.agent === agent) {
    if (running(session)) return 'in_session';
    if (session.state === 'done' && session.video_url) return { product: [session.video_url] };
  }
  return { product: await agentVideoOf(db, agent, eventName, device) };
}

/** Device side: a new QR code on the platform's screen opens a new session, nobody's yet. */
export async function ultraOpenSession(db: Queryable, deviceId: string, qrid: string): Promise<void> {
  await db.query(
    `INSERT INTO ultra_sessions (device_id, qrid, speed, music, state, agent) VALUES ($1, $2, 20,
      'Escolinha_do_Professor', 'idle', '')
     ON CONFLICT (device_id) DO UPDATE SET qrid = $2, state = 'idle', agent = '', video_url = NULL, updated_at = now()`,
    [deviceId, qrid],
  );
}

export async function ultraTakeSettings(
  db: Queryable,
  deviceId: string,
): Promise<{ qrid: string; speed: number; music: string } | null> {
  const { rows } = await db.query<UltraRow>(
    `UPDATE ultra_sessions SET state = 'in_session', updated_at = now() WHERE device_id = $1 AND state = ` +
      `'configured' RETURNING *`,
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
      `INSERT INTO ultra_sessions (device_id, qrid, speed, music, state, video_url) VALUES ($1, '', 20,
        'Escolinha_do_Professor', 'done', $2)
       ON CONFLICT (device_id) DO UPDATE SET state = 'done', video_url = $2, updated_at = now()`,
      [deviceId, videoUrl],
    );
    const session = rows[0];
    if (session && session.agent !== '' && session.state !== 'idle')
      await recordAgentResult(client, session.agent, videoUrl, '360');
  });
}
