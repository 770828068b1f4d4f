-- Guests who leave their contact to receive an event's photos (docs/privacy.md#guests-contacts).
-- The owner offers the form or not (off by default) and says how many days a contact is kept.
ALTER TABLE events ADD COLUMN guest_contacts boolean NOT NULL DEFAULT false;
ALTER TABLE events ADD COLUMN guest_contact_days integer NOT NULL DEFAULT 90 CHECK (guest_contact_days IN (30, 90, 180, 365));

-- Each consent text a guest agreed to, word for word, by its sha256: a contact names the text it was left under.
CREATE TABLE consent_texts (
  hash        text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
  version     text NOT NULL,
  body        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- A contact: one per visitor (agent) and event, a WhatsApp number (E.164) or an e-mail or both,
-- kept until `expires_at` (the days the text promised), a withdrawal, an erasure or the event's deletion.
CREATE TABLE guest_contacts (
  event_name    text NOT NULL REFERENCES events(name) ON DELETE CASCADE,
  agent         text NOT NULL,
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  whatsapp      text CHECK (whatsapp ~ '^\+55[0-9]{11}$'),
  email         text CHECK (char_length(email) <= 254),
  consent_hash  text NOT NULL REFERENCES consent_texts(hash),
  left_at       timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  PRIMARY KEY (event_name, agent),
  CHECK (whatsapp IS NOT NULL OR email IS NOT NULL)
);
CREATE INDEX guest_contacts_by_agent ON guest_contacts (agent);
CREATE INDEX guest_contacts_by_expiry ON guest_contacts (expires_at);

-- The consent log: what happened to each consent, and when, by the visitor's agent; never the
-- contact itself (it goes with the contact's row). Kept 5 years (CONSENT_LOG_RETENTION_YEARS).
CREATE TABLE contact_consents (
  id            bigserial PRIMARY KEY,
  event_name    text NOT NULL,
  agent         text NOT NULL,
  action        text NOT NULL CHECK (action IN ('given', 'withdrawn', 'erased', 'expired')),
  consent_hash  text REFERENCES consent_texts(hash),
  at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_consents_by_agent ON contact_consents (agent);
CREATE INDEX contact_consents_by_time ON contact_consents (at);
