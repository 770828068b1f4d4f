import type { ContactLead } from '../../../contract/wire';

/**
 * Leads waiting to reach the server. The form is cleared and thanked at once (SPEC section 4), so
 * a lead is kept here, in local storage, until the server has it: a post that fails on venue
 * Wi-Fi is retried, after a reload too.
 */
export interface QueuedLead extends ContactLead {
  clientId: string;
  attempts: number;
}

export type OutboxStorage = Pick<Storage, 'getItem' | 'setItem'>;

export const OUTBOX_KEY = 'leadOutbox';
const MAX_QUEUED = 50;

export function readOutbox(storage: OutboxStorage | null): QueuedLead[] {
  try {
    const value: unknown = JSON.parse(storage?.getItem(OUTBOX_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is QueuedLead => typeof v === 'object' && v !== null && typeof v.clientId === 'string') : [];
  } catch {
    return [];
  }
}

export function writeOutbox(storage: OutboxStorage | null, leads: QueuedLead[]): void {
  try {
    storage?.setItem(OUTBOX_KEY, JSON.stringify(leads.slice(-MAX_QUEUED)));
  } catch {
    // Storage refused: the lead still goes out from memory in this visit.
  }
}

export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `lead-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** Delay before the next try after `attempts` failures: 2 s, 5 s, 15 s, 30 s, then every minute. */
export function retryDelayMs(attempts: number): number {
  return [2_000, 5_000, 15_000, 30_000][attempts - 1] ?? 60_000;
}
