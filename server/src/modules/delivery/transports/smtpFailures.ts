import { oneLine } from './emailContent';

/**
 * What an SMTP send that failed means for the next try (nodemailer's errors: its `code`, and the server's reply code
 * as `responseCode`). A 4xx reply and a connection that failed are temporary; a 5xx reply (a mailbox that does not
 * exist, a message refused) and credentials refused are not: a retry would meet the same answer.
 */
export interface SmtpFailure {
  retryable: boolean;
  reason: string;
}

interface NodemailerError {
  code?: unknown;
  responseCode?: unknown;
  response?: unknown;
  message?: unknown;
}

/** Network trouble: nothing was said about the message itself. */
const TEMPORARY_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'EPROTOCOL',
  'ECONNREFUSED',
  'ECONNRESET',
]);
/** The message or the account is wrong, whatever the moment. */
const PERMANENT_CODES = new Set(['EAUTH', 'ENOAUTH', 'EOAUTH2', 'EENVELOPE', 'EMESSAGE']);

const REASON_LENGTH = 300;

const said = (value: unknown) => (typeof value === 'string' ? oneLine(value).slice(0, REASON_LENGTH) : '');

export function smtpFailure(error: unknown): SmtpFailure {
  const failure: NodemailerError = typeof error === 'object' && error !== null ? error : {};
  const code = typeof failure.code === 'string' ? failure.code : '';
  const replyCode = typeof failure.responseCode === 'number' ? failure.responseCode : null;
  const detail = said(failure.response) || said(failure.message) || String(error).slice(0, REASON_LENGTH);
  if (code === 'EAUTH') return { retryable: false, reason: `o servidor SMTP recusou o usuário e a senha (${detail})` };
  if (replyCode !== null && replyCode >= 500)
    return { retryable: false, reason: `o servidor SMTP recusou a mensagem (${detail})` };
  if (replyCode !== null && replyCode >= 400)
    return { retryable: true, reason: `o servidor SMTP pediu para tentar depois (${detail})` };
  if (PERMANENT_CODES.has(code)) return { retryable: false, reason: `mensagem recusada (${detail})` };
  if (TEMPORARY_CODES.has(code))
    return { retryable: true, reason: `não foi possível falar com o servidor SMTP (${detail})` };
  return { retryable: true, reason: `falha ao enviar o e-mail (${detail})` };
}
