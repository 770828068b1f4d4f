import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';

/**
 * A local SMTP server (the `smtp-server` package) for the tests and `npm start` (docs/operations.md#the-mail-stand-in):
 * it takes every message, keeps it in memory and, given a folder, writes each one there (`NNNNNN.eml` for a mail
 * client, `NNNNNN.json` with its envelope for the tests and the benchmark: readMailbox). A recipient whose name
 * begins with `recusado` is refused for good (550), `ocupado` for now (451), as real servers do; any login is
 * taken (and kept with the mail) but the user `recusado`'s (535).
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Who logged in to send it (SMTP AUTH), or null. */
  user: string | null;
  /** The message as it arrived (RFC 5322), for parseMail. */
  raw: string;
  receivedAt: string;
}

export interface MailStandIn {
  host: string;
  port: number;
  /** Where each message is written; null: memory only. */
  dir: string | null;
  mails(): ReceivedMail[];
  close(): Promise<void>;
}

export interface MailStandInOptions {
  host?: string;
  port?: number;
  dir?: string;
  /** Told of each message as it arrives (`npm start` prints a line). */
  onMail?: (mail: ReceivedMail) => void;
}

const MESSAGE_LIMIT = 10 * 1024 * 1024;

function refusal(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

const addressOf = (address: SMTPServerAddress | false) => (address ? address.address : '');

export async function startMailStandIn(options: MailStandInOptions = {}): Promise<MailStandIn> {
  const host = options.host ?? '127.0.0.1';
  const dir = options.dir ?? null;
  if (dir) fs.mkdirSync(dir, { recursive: true });
  const received: ReceivedMail[] = [];
  let sequence = dir ? fs.readdirSync(dir).filter((name) => name.endsWith('.json')).length : 0;

  const keep = (mail: ReceivedMail) => {
    received.push(mail);
    if (dir) {
      sequence += 1;
      const name = String(sequence).padStart(6, '0');
      fs.writeFileSync(path.join(dir, `${name}.eml`), mail.raw);
      // Written whole, then renamed: a reader never meets half a file.
      const temporary = path.join(dir, `.${name}.json.tmp`);
      fs.writeFileSync(temporary, JSON.stringify(mail));
      fs.renameSync(temporary, path.join(dir, `${name}.json`));
    }
    options.onMail?.(mail);
  };

  const server = new SMTPServer({
    secure: false,
    // A local server: no TLS to offer, any sender, no login asked (a login given is taken, without TLS).
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    allowInsecureAuth: true,
    size: MESSAGE_LIMIT,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'recusado') return callback(refusal('Usuário ou senha inválidos', 535));
      callback(null, { user: auth.username ?? null });
    },
    onRcptTo(address, _session, callback) {
      const name = address.address.split('@')[0].toLowerCase();
      if (name.startsWith('recusado')) return callback(refusal('5.1.1 Caixa postal inexistente', 550));
      if (name.startsWith('ocupado')) return callback(refusal('4.3.0 Servidor ocupado, tente depois', 451));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error) => callback(error));
      stream.on('end', () => {
        keep({
          from: addressOf(session.envelope.mailFrom),
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          user: typeof session.user === 'string' ? session.user : null,
          raw: Buffer.concat(chunks).toString('utf8'),
          receivedAt: new Date().toISOString(),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    host,
    port,
    dir,
    mails: () => [...received],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The messages a stand-in wrote into `dir`, in the order they arrived (another process's stand-in included). */
export function readMailbox(dir: string): ReceivedMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d+\.json$/.test(name))
    .sort()
    .map((name) => JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as ReceivedMail);
}
