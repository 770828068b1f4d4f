-- The whole product's schema. Names of events and partners follow [A-Za-z0-9_-]+ (docs/api.md#basics).

CREATE TABLE events (
  name        text PRIMARY KEY CHECK (name ~ '^[A-Za-z0-9_-]{1,64}$'),
  -- The public id of /evento/{id}: unguessable, unlike the name.
  public_id   text NOT NULL UNIQUE CHECK (public_id ~ '^[A-Za-z0-9_-]{6,64}$'),
  visible     boolean NOT NULL DEFAULT true,
  profile     text NOT NULL DEFAULT '',
  cover       text NOT NULL DEFAULT '',
  devices     text[] NOT NULL DEFAULT '{}',
  owner_uid   text,
  order_id    text UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE devices (
  id          text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  kind        text NOT NULL CHECK (kind IN ('booth', 'printer', 'mirror', 'ultra')),
  event_name  text REFERENCES events(name) ON DELETE SET NULL,
  mode        text CHECK (mode IN ('pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360')),
  -- sha256 of the device key: a leaked database does not leak the keys.
  key_hash    text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE media (
  id          bigserial PRIMARY KEY,
  event_name  text NOT NULL REFERENCES events(name) ON DELETE CASCADE,
  mode        text NOT NULL CHECK (mode IN ('pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360')),
  file        text NOT NULL CHECK (file ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$'),
  kind        text NOT NULL CHECK (kind IN ('image', 'gif', 'video')),
  width       integer,
  height      integer,
  has_thumb   boolean NOT NULL DEFAULT false,
  device_id   text REFERENCES devices(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (event_name, mode, file)
);
CREATE INDEX media_gallery ON media (event_name, mode, created_at, id);
CREATE INDEX media_device_last ON media (device_id, created_at DESC, id DESC);

CREATE TABLE packs (
  hash        text PRIMARY KEY CHECK (hash ~ '^[A-Za-z0-9_-]{1,64}$'),
  event_name  text REFERENCES events(name) ON DELETE SET NULL,
  copies      integer NOT NULL CHECK (copies >= 0),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE print_jobs (
  id          bigserial PRIMARY KEY,
  pack_hash   text NOT NULL REFERENCES packs(hash),
  media_id    bigint NOT NULL REFERENCES media(id),
  status      text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'printing', 'printed')),
  printer_id  text REFERENCES devices(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  claimed_at  timestamptz,
  printed_at  timestamptz
);
CREATE INDEX print_jobs_queue ON print_jobs (status, id);

CREATE TABLE accounts (
  uid           text PRIMARY KEY,
  email         text NOT NULL DEFAULT '',
  agent         text NOT NULL DEFAULT '',
  display_name  text NOT NULL DEFAULT '',
  photo_url     text NOT NULL DEFAULT '',
  phone         text NOT NULL DEFAULT '',
  tiktok        text NOT NULL DEFAULT '',
  instagram     text NOT NULL DEFAULT '',
  partner       text NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- The account's lists (collection, packs, events), one row per entry: merging is a union.
CREATE TABLE account_items (
  uid       text NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
  list      text NOT NULL CHECK (list IN ('collection', 'packs', 'events')),
  value     text NOT NULL CHECK (length(value) BETWEEN 1 AND 512),
  position  bigserial,
  PRIMARY KEY (uid, list, value)
);
CREATE INDEX account_items_order ON account_items (uid, list, position);

CREATE TABLE leads (
  id          bigserial PRIMARY KEY,
  data        text NOT NULL DEFAULT '',
  indicacao   text NOT NULL DEFAULT '',
  evento      text NOT NULL,
  email       text NOT NULL DEFAULT '',
  instagram   text NOT NULL DEFAULT '',
  tiktok      text NOT NULL DEFAULT '',
  telefone    text NOT NULL DEFAULT '',
  nome        text NOT NULL,
  comentarios text NOT NULL DEFAULT '',
  -- The SPA sends each lead with an id so that a retried post is stored once.
  client_id   text UNIQUE,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE products (
  id              text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  name            text NOT NULL,
  type            text NOT NULL DEFAULT 'product',
  -- The booth mode an event gets when this product is ordered (null: none).
  mode            text CHECK (mode IN ('pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360')),
  image           text NOT NULL DEFAULT '',
  price           numeric(12, 2) NOT NULL CHECK (price >= 0),
  price_per_hour  numeric(12, 2) NOT NULL DEFAULT 0 CHECK (price_per_hour >= 0),
  min_hours       integer NOT NULL DEFAULT 0 CHECK (min_hours >= 0),
  max_hours       integer NOT NULL DEFAULT 0 CHECK (max_hours >= min_hours),
  max_qty         integer NOT NULL DEFAULT 1 CHECK (max_qty >= 1),
  details         jsonb NOT NULL DEFAULT '{}',
  disclaimer      text NOT NULL DEFAULT '',
  position        integer NOT NULL DEFAULT 0,
  active          boolean NOT NULL DEFAULT true
);

CREATE TABLE accessories (
  id          text NOT NULL CHECK (id ~ '^[A-Za-z0-9_-]{1,64}$'),
  product_id  text NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  name        text NOT NULL,
  image       text NOT NULL DEFAULT '',
  price       numeric(12, 2) NOT NULL CHECK (price >= 0),
  position    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (product_id, id)
);

CREATE TABLE partners (
  name        text PRIMARY KEY CHECK (name ~ '^[A-Za-z0-9_-]{3,64}$'),
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contracts (
  id             bigserial PRIMARY KEY,
  partner        text NOT NULL REFERENCES partners(name),
  title          text NOT NULL,
  description    text NOT NULL DEFAULT '',
  rate           numeric(5, 2) NOT NULL CHECK (rate >= 0 AND rate <= 100),
  -- A fraction, as the shop shows it (0.1 = 10 %).
  discount       numeric(5, 4) NOT NULL CHECK (discount >= 0 AND discount < 1),
  kit            text NOT NULL DEFAULT '',
  n_coupons      integer NOT NULL CHECK (n_coupons >= 1),
  expires_at     timestamptz NOT NULL,
  -- The next coupon the partner can hand out (the contract's `last`, docs/product.md#entities).
  next_coupon    text NOT NULL UNIQUE,
  created_by     text,
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (partner, title)
);

CREATE TABLE coupons (
  code         text PRIMARY KEY CHECK (code ~ '^[A-Za-z0-9_-]{3,64}$'),
  contract_id  bigint REFERENCES contracts(id),
  discount     numeric(5, 4) NOT NULL DEFAULT 0 CHECK (discount >= 0 AND discount < 1),
  expires_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE invitations (
  hash          text PRIMARY KEY CHECK (hash ~ '^[a-z0-9]{6,64}$'),
  partner_name  text NOT NULL REFERENCES partners(name),
  created_by    text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  used_by       text,
  used_at       timestamptz
);

-- Card payments as the provider answered them; an order refers to an approved one.
CREATE TABLE payments (
  id                 text PRIMARY KEY,
  idempotency_key    text NOT NULL UNIQUE,
  amount             numeric(12, 2) NOT NULL,
  status             text NOT NULL,
  status_detail      text NOT NULL DEFAULT '',
  payment_method_id  text NOT NULL DEFAULT '',
  installments       integer NOT NULL DEFAULT 1,
  email              text NOT NULL DEFAULT '',
  order_id           text,
  created_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE orders (
  order_id          text PRIMARY KEY CHECK (order_id ~ '^[0-9A-Za-z_-]{1,64}$'),
  coupon            text NOT NULL REFERENCES coupons(code),
  uid               text,
  client_name       text NOT NULL,
  email             text NOT NULL,
  cpf               text NOT NULL,
  event_name        text NOT NULL,
  event_date        text NOT NULL,
  event_time        text NOT NULL,
  payment_method    text NOT NULL CHECK (payment_method IN ('card', 'pix')),
  lines             jsonb NOT NULL,
  total             numeric(12, 2) NOT NULL,
  discount          numeric(5, 4) NOT NULL,
  discounted_total  numeric(12, 2) NOT NULL,
  status            text NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  payment_id        text REFERENCES payments(id),
  pix_code          text,
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_by_uid ON orders (uid);
CREATE INDEX orders_by_coupon ON orders (coupon);

-- Sandbox card tokens (no provider credentials): what the provider would remember of a card.
CREATE TABLE sandbox_card_tokens (
  id             text PRIMARY KEY,
  holder_name    text NOT NULL,
  last_four      text NOT NULL,
  first_six      text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  used           boolean NOT NULL DEFAULT false
);

CREATE TABLE mirror_modes (
  title        text PRIMARY KEY,
  description  text NOT NULL DEFAULT '',
  icon         text NOT NULL DEFAULT '',
  background   text NOT NULL DEFAULT '',
  position     integer NOT NULL DEFAULT 0
);

CREATE TABLE mirror_prompts (
  mode        text NOT NULL REFERENCES mirror_modes(title) ON DELETE CASCADE,
  title       text NOT NULL,
  icon        text NOT NULL DEFAULT '',
  background  text NOT NULL DEFAULT '',
  position    integer NOT NULL DEFAULT 0,
  PRIMARY KEY (mode, title)
);

-- One row per mirror booth: who stands before it and what they asked for.
CREATE TABLE mirror_sessions (
  device_id     text PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  session_hash  text NOT NULL,
  agent         text NOT NULL,
  state         text NOT NULL CHECK (state IN ('idle', 'started', 'mode', 'prompt', 'processing', 'done')),
  mode          text,
  prompt        text,
  image_url     text,
  updated_at    timestamptz NOT NULL DEFAULT now()
);

-- One row per 360 platform: the settings a guest chose and the platform's state.
CREATE TABLE ultra_sessions (
  device_id   text PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  qrid        text NOT NULL,
  speed       integer NOT NULL CHECK (speed IN (20, 40, 60, 80)),
  music       text NOT NULL,
  state       text NOT NULL CHECK (state IN ('configured', 'in_session', 'done')),
  video_url   text,
  updated_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE faces (
  id          bigserial PRIMARY KEY,
  name        text NOT NULL,
  file        text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- Team members beyond the TEAM_EMAILS configuration (loaded from a seed).
CREATE TABLE team_members (
  email       text PRIMARY KEY CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  created_at  timestamptz NOT NULL DEFAULT now()
);
