import net from 'node:net';
import { ConfigError, port, type Env } from './configReaders';

/**
 * The transports that deliver a guest's photos (docs/operations.md#delivering-photos-by-e-mail-and-whatsapp): an SMTP
 * server for e-mail and the WhatsApp Business Cloud API, each read from its variables and refused in Portuguese.
 */

export type SmtpTls = 'starttls' | 'tls' | 'none';

export interface SmtpSettings {
  host: string;
  port: number;
  /** `starttls`: plain, then STARTTLS, required (587); `tls`: TLS from the first byte (465); `none`: a local relay. */
  tls: SmtpTls;
  user: string | null;
  password: string | null;
  /** The From header: `Name <address>` or an address. */
  from: string;
}

export interface WhatsAppSettings {
  /** The Graph API's origin: Meta's, or the local stand-in's. */
  apiUrl: string;
  /** The Graph API version in the path (`v24.0`). */
  apiVersion: string;
  /** The business phone number's id (Meta's WhatsApp Manager), not the number itself. */
  phoneNumberId: string;
  accessToken: string;
  /** The approved templates (category utility) and their language. */
  templates: { photos: string; eventEnd: string; language: string };
}

export interface WhatsAppWebhookSettings {
  /** The app secret Meta signs each notification with (X-Hub-Signature-256); null: none is believed. */
  appSecret: string | null;
  /** What Meta's verification request must bring (hub.verify_token); null: the callback is never verified. */
  verifyToken: string | null;
}

export interface DeliveryConfig {
  /** null: no SMTP server configured, no e-mail is sent. */
  smtp: SmtpSettings | null;
  /** null: no WhatsApp number configured, no WhatsApp message is sent. */
  whatsApp: WhatsAppSettings | null;
  whatsAppWebhook: WhatsAppWebhookSettings;
}

const DEFAULT_FROM = 'Cabine de Eventos <fotos@cabine.example>';
export const GRAPH_API_URL = 'https://graph.facebook.com';
export const GRAPH_API_VERSION = 'v24.0';

const trimmed = (value: string | undefined): string => value?.trim() ?? '';

function smtpTls(value: string | undefined): SmtpTls {
  const tls = trimmed(value) || 'starttls';
  if (tls === 'starttls' || tls === 'tls' || tls === 'none') return tls;
  throw new ConfigError(`SMTP_TLS deve ser "starttls", "tls" ou "none"; recebido "${value}".`);
}

const isLoopback = (host: string) =>
  host === 'localhost' || (net.isIP(host) !== 0 && (host.startsWith('127.') || host === '::1'));

/** The address inside a From header (`Name <a@b.c>` or `a@b.c`), or null when there is none. */
export function senderAddress(from: string): string | null {
  const address = /<([^<>\s]+)>\s*$/.exec(from)?.[1] ?? from;
  return /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(address) ? address : null;
}

function smtpSettings(env: Env, production: boolean): SmtpSettings | null {
  const host = trimmed(env.SMTP_HOST);
  if (!host) return null;
  const tls = smtpTls(env.SMTP_TLS);
  // Photos' links and the guest's address would cross the network in the clear: only to a relay on this machine.
  if (production && tls === 'none' && !isLoopback(host))
    throw new ConfigError(
      `SMTP_TLS=none só vale em produção para um servidor SMTP nesta máquina (127.0.0.1); recebido "${host}".`,
    );
  const user = trimmed(env.SMTP_USER) || null;
  const password = env.SMTP_PASSWORD || null;
  if (Boolean(user) !== Boolean(password))
    throw new ConfigError('SMTP_USER e SMTP_PASSWORD andam juntas: defina as duas ou nenhuma.');
  const from = trimmed(env.MAIL_FROM) || DEFAULT_FROM;
  if (/[\r\n]/.test(from) || !senderAddress(from))
    throw new ConfigError(`MAIL_FROM deve ser um endereço ("Nome <fotos@dominio>"); recebido "${from}".`);
  const defaultPort = tls === 'tls' ? 465 : 587;
  return { host, port: port(env.SMTP_PORT, defaultPort, 'SMTP_PORT'), tls, user, password, from };
}

function templateName(value: string | undefined, fallback: string, name: string): string {
  const template = trimmed(value) || fallback;
  // Meta's template names: lower-case letters, digits and underscores.
  if (!/^[a-z0-9_]{1,512}$/.test(template))
    throw new ConfigError(
      `${name} deve ser o nome de um modelo (letras minúsculas, números e _); recebido "${value}".`,
    );
  return template;
}

function graphApiUrl(value: string | undefined, production: boolean): string {
  const url = (trimmed(value) || GRAPH_API_URL).replace(/\/+$/, '');
  const allowed = production ? /^https:\/\/[^/?#\s]+$/ : /^https?:\/\/[^/?#\s]+$/;
  if (!allowed.test(url))
    throw new ConfigError(
      `WHATSAPP_API_URL deve ser uma origem ${production ? 'https' : 'http(s)'} sem caminho; recebido "${value}".`,
    );
  return url;
}

function whatsAppSettings(env: Env, production: boolean): WhatsAppSettings | null {
  const phoneNumberId = trimmed(env.WHATSAPP_PHONE_NUMBER_ID);
  const accessToken = trimmed(env.WHATSAPP_ACCESS_TOKEN);
  if (Boolean(phoneNumberId) !== Boolean(accessToken))
    throw new ConfigError('WHATSAPP_PHONE_NUMBER_ID e WHATSAPP_ACCESS_TOKEN andam juntas: defina as duas ou nenhuma.');
  if (!phoneNumberId) return null;
  if (!/^\d{1,30}$/.test(phoneNumberId))
    throw new ConfigError(`WHATSAPP_PHONE_NUMBER_ID deve ser o id numérico do número; recebido "${phoneNumberId}".`);
  // Without it no status is believed, and the owner's figures would never say delivered nor failed.
  if (production && !trimmed(env.WHATSAPP_APP_SECRET))
    throw new ConfigError('WHATSAPP_APP_SECRET é obrigatória em produção quando o WhatsApp está configurado.');
  const apiVersion = trimmed(env.WHATSAPP_API_VERSION) || GRAPH_API_VERSION;
  if (!/^v\d{1,3}\.\d{1,2}$/.test(apiVersion))
    throw new ConfigError(`WHATSAPP_API_VERSION deve ser uma versão da Graph API (v24.0); recebido "${apiVersion}".`);
  const language = trimmed(env.WHATSAPP_TEMPLATE_LANGUAGE) || 'pt_BR';
  if (!/^[a-z]{2,3}(_[A-Z]{2})?$/.test(language))
    throw new ConfigError(`WHATSAPP_TEMPLATE_LANGUAGE deve ser um código de idioma (pt_BR); recebido "${language}".`);
  return {
    apiUrl: graphApiUrl(env.WHATSAPP_API_URL, production),
    apiVersion,
    phoneNumberId,
    accessToken,
    templates: {
      photos: templateName(env.WHATSAPP_TEMPLATE, 'cabine_fotos', 'WHATSAPP_TEMPLATE'),
      eventEnd: templateName(env.WHATSAPP_TEMPLATE_EVENT_END, 'cabine_fim_da_festa', 'WHATSAPP_TEMPLATE_EVENT_END'),
      language,
    },
  };
}

/** SMTP_*, MAIL_FROM and WHATSAPP_*: each transport configured, or null when its variables are unset. */
export function deliveryConfig(env: Env, production: boolean): DeliveryConfig {
  return {
    smtp: smtpSettings(env, production),
    whatsApp: whatsAppSettings(env, production),
    whatsAppWebhook: {
      appSecret: env.WHATSAPP_APP_SECRET || null,
      verifyToken: env.WHATSAPP_VERIFY_TOKEN || null,
    },
  };
}
