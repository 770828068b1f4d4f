/** One message to one guest: what every transport sends (modules/delivery builds it). */
export interface OutgoingMessage {
  /** Unique per guest and content: a transport that supports it de-duplicates by it. */
  idempotencyKey: string;
  channel: 'email' | 'whatsapp';
  /** An e-mail address, or a WhatsApp number in E.164 (`+5511987654321`). */
  to: string;
  guestName: string | null;
  /** The event's title as guests see it. */
  eventTitle: string;
  /** Each photo: a short-lived link to the image and the link to open it in the gallery. */
  photos: ReadonlyArray<{ imageUrl: string; pageUrl: string }>;
  /**
   * The guest's own photos at the event ('Suas fotos': every photo sent to them) and the event's gallery ('Galeria da
   * festa'), both when the photos are many, and at the event's end (no gallery's when absent).
   */
  collectionUrl: string | null;
  galleryUrl?: string | null;
  /** 'Parar de receber': works without a login, honoured at once. */
  stopUrl: string;
  kind: 'photos' | 'event_end';
}

export type SendResult =
  | { ok: true; providerId: string }
  /**
   * `retryable` false: a bad address, a refused template; retrying cannot help. `unsettled`: no answer came (a
   * timeout, a connection cut after the request went out), so the provider may have taken it.
   */
  | { ok: false; retryable: boolean; reason: string; unsettled?: true };

export interface DeliveryTransport {
  readonly channel: 'email' | 'whatsapp';
  send(message: OutgoingMessage): Promise<SendResult>;
  close(): Promise<void>;
}
