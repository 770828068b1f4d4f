-- Photos delivered to guests by WhatsApp or e-mail (docs/product.md#photos-delivered, docs/privacy.md#photos-delivered).
-- The owner turns it on (off by default) and caps the messages sent per event (they cost money on WhatsApp);
-- `delivery_ended_at`: when the owner said the party was over (each guest then gets one last message).
ALTER TABLE events ADD COLUMN delivery boolean NOT NULL DEFAULT false;
ALTER TABLE events ADD COLUMN delivery_cap integer NOT NULL DEFAULT 500 CHECK (delivery_cap BETWEEN 0 AND 100000);
ALTER TABLE events ADD COLUMN delivery_ended_at timestamptz;

-- A guest's subscription: one per visitor (agent) and event, to one address, under the consent text
-- they read (consent_texts, shared with the guests' contacts); `face_descriptor`: their selfie's
-- descriptor, copied when they asked for the photos their face is found in (face search with consent).
-- Kept until `expires_at` (the event's contact retention), a stop, an erasure or the event's deletion.
CREATE TABLE delivery_subscriptions (
  id               bigserial UNIQUE,
  event_name       text NOT NULL REFERENCES events(name) ON DELETE CASCADE,
  agent            text NOT NULL CHECK (agent ~ '^[A-Za-z0-9_-]{1,64}$'),
  name             text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  channel          text NOT NULL CHECK (channel IN ('email', 'whatsapp')),
  address          text NOT NULL CHECK (char_length(address) BETWEEN 3 AND 254),
  consent_hash     text NOT NULL REFERENCES consent_texts(hash),
  face_descriptor  bytea CHECK (octet_length(face_descriptor) = 512),
  subscribed_at    timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL,
  PRIMARY KEY (event_name, agent),
  CHECK (channel <> 'whatsapp' OR address ~ '^\+55[0-9]{11}$')
);
CREATE INDEX delivery_subscriptions_by_agent ON delivery_subscriptions (agent);
CREATE INDEX delivery_subscriptions_by_expiry ON delivery_subscriptions (expires_at);
CREATE INDEX delivery_subscriptions_faces ON delivery_subscriptions (event_name) WHERE face_descriptor IS NOT NULL;

-- What each consent became, by agent (given, stopped, erased, expired), with the text's hash: the
-- proof of a consent, never the address.
CREATE TABLE delivery_consents (
  id            bigserial PRIMARY KEY,
  event_name    text NOT NULL,
  agent         text NOT NULL,
  action        text NOT NULL CHECK (action IN ('given', 'stopped', 'erased', 'expired')),
  consent_hash  text REFERENCES consent_texts(hash),
  at            timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX delivery_consents_by_agent ON delivery_consents (agent);
CREATE INDEX delivery_consents_by_time ON delivery_consents (at);

-- A message to a guest: recorded (pending) before the transport is called, marked after. The
-- `idempotency_key` is what the transport de-duplicates by, so a run again after a kill sends it
-- once. `agent` and `event_name` stay when the subscription goes (a stop), for the figures and the
-- privacy page; an erasure deletes the rows.
CREATE TABLE delivery_messages (
  id               bigserial PRIMARY KEY,
  subscription_id  bigint REFERENCES delivery_subscriptions(id) ON DELETE SET NULL,
  event_name       text NOT NULL REFERENCES events(name) ON DELETE CASCADE,
  agent            text NOT NULL,
  kind             text NOT NULL CHECK (kind IN ('photos', 'event_end')),
  idempotency_key  text NOT NULL UNIQUE,
  status           text NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'sent', 'delivered', 'failed', 'capped', 'stopped')),
  photos           integer NOT NULL DEFAULT 0 CHECK (photos >= 0),
  attempts         integer NOT NULL DEFAULT 0,
  provider_id      text UNIQUE,
  reason           text,
  created_at       timestamptz NOT NULL DEFAULT now(),
  sent_at          timestamptz,
  updated_at       timestamptz NOT NULL DEFAULT now(),
  expires_at       timestamptz NOT NULL
);
CREATE INDEX delivery_messages_by_event ON delivery_messages (event_name, status);
CREATE INDEX delivery_messages_by_agent ON delivery_messages (agent);
CREATE INDEX delivery_messages_by_expiry ON delivery_messages (expires_at);
-- One last message per subscription.
CREATE UNIQUE INDEX delivery_messages_one_end ON delivery_messages (subscription_id) WHERE kind = 'event_end';

-- Each photo for each subscription, once: the key that makes retries and two servers send it once.
-- `message_id` null: waiting for its batch.
CREATE TABLE delivery_photos (
  subscription_id  bigint NOT NULL REFERENCES delivery_subscriptions(id) ON DELETE CASCADE,
  media_id         bigint NOT NULL REFERENCES media(id) ON DELETE CASCADE,
  via              text NOT NULL CHECK (via IN ('collect', 'face')),
  message_id       bigint REFERENCES delivery_messages(id) ON DELETE CASCADE,
  noted_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, media_id)
);
CREATE INDEX delivery_photos_waiting ON delivery_photos (subscription_id) WHERE message_id IS NULL;
CREATE INDEX delivery_photos_by_message ON delivery_photos (message_id);

-- A photo a subscribed guest collected before the booth's upload landed: sent when it lands.
CREATE TABLE delivery_wants (
  subscription_id  bigint NOT NULL REFERENCES delivery_subscriptions(id) ON DELETE CASCADE,
  event_name       text NOT NULL,
  mode             text NOT NULL,
  file             text NOT NULL,
  noted_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (subscription_id, event_name, mode, file)
);
CREATE INDEX delivery_wants_by_media ON delivery_wants (event_name, mode, file);
