/**
 * The wire contract (SPEC section 7, ARCHITECTURE section 3), written once and imported by both
 * the SPA and the server. Only plain data types live here.
 */

export const BOOTH_MODES = ['pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360', 'nulo'] as const;
export type BoothMode = (typeof BOOTH_MODES)[number];
/** Modes whose media the server lists (nulo is an empty placeholder). */
export const MEDIA_MODES = ['pad', 'hashtrack', 'feed', 'polaroid', 'boomerang', '360'] as const;
export type MediaMode = (typeof MEDIA_MODES)[number];

/** Event and partner names (ARCHITECTURE section 3). */
export const NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Every error reply: a 4xx status with this body. */
export interface ApiErrorBody {
  error: string;
  message: string;
}

export interface ContactLead {
  data: string;
  indicacao: string;
  evento: string;
  email: string;
  instagram: string;
  tiktok: string;
  telefone: string;
  nome: string;
  comentarios: string;
  /** Beyond the spec's fields: the SPA's id of this lead, so that a retried post is stored once. */
  clientId?: string;
}

/** `GET /leads` (team only): a received contact lead. */
export interface StoredLead extends ContactLead {
  id: number;
  createdAt: string;
}

/** `GET /evento/{id}` */
export interface EventDetails {
  devices: string[];
  bname: string;
}

/** `GET /all/{bname}/{type}`, `GET /deviceLast/{bname}/{device}`, ready 360 result. */
export interface ProductList {
  product: string[];
}

/** One card of `GET /eventos/{events}/{agent}`. */
export interface EventCard {
  title: string;
  visible: boolean;
  profile: string;
  cover: string;
  photos: number;
  devices: string[];
}

/** `GET /print/{packHash}/{printId}` on success. */
export interface PrintReply {
  status: 'queued';
  copies: number;
}

export type AccountList = 'packs' | 'collection';

/** The account JSON sent to `createAccount`. */
export interface NewAccount {
  email: string;
  agent: string;
  displayName: string;
  photoURL: string;
  phone: string;
  tiktok: string;
  instagram: string;
  transactions: string[];
}

/** `GET /account`; the server also sends the account's collection and packs lists. */
export interface Account extends NewAccount {
  partner: string;
  events: string[];
  collection?: string[];
  packs?: string[];
}

/** The lists a visitor keeps in cookies, merged into an account. */
export interface VisitorLists {
  collection: string[];
  packs: string[];
  events: string[];
}

export type CreateAccountReply = 'ok' | 'already_exists';
export type NameCheckReply = 'yes' | 'no' | 'other';
export type PartnerNameReply = 'taken' | 'wrong' | 'owned' | 'available';
export type TeamReply = 'ok' | 'no';

/** `GET /load_events` */
export interface OwnEvent {
  /** The paid order this event comes from (create_event takes it). */
  orderId: string;
  eventName: string;
  /** 1 once the event has been created. */
  eventCreated: number;
  products: { name: string; hours: number; accessories: { name: string }[] }[];
}

/** `GET /load_transactions` */
export interface Transaction {
  orderId: string;
  eventName: string;
  status: string;
}

/** Mirror (espelho) catalogue entries. */
export interface MirrorMode {
  title: string;
  description: string;
  icon: string;
  background: string;
}

export interface MirrorPrompt {
  title: string;
  icon: string;
  background: string;
}

export type MirrorReply = 'start_ok' | 'mode_ok' | 'prompt_ok' | 'restart_ok';

/** `GET /ultraLast/{device}/{bname}`: still recording or processing, or the video. */
export type UltraLastReply = 'in_session' | ProductList;

export interface ShopAccessory {
  id: string;
  name: string;
  image: string;
  price: number;
}

export interface ShopProduct {
  id: string;
  name: string;
  /** 'service' products are priced by the hour. */
  type: string;
  image: string;
  price: number;
  pricePerHour: number;
  minHours: number;
  maxHours: number;
  maxQty: number;
  accessories: ShopAccessory[];
  descTitle1: string;
  descTitle2: string;
  descTitle3: string;
  descText1: string;
  descText2: string;
  descText3: string;
  descPic1: string;
  descPic2: string;
  descPic3: string;
  disclaimer: string;
}

/** Where a Pix transfer goes (the server's configuration). */
export interface PixReceiver {
  key: string;
  merchantName: string;
  merchantCity: string;
}

/** `GET /shop/{coupon}/{agent}`: discount is a fraction (0.1 = 10 %). */
export interface ShopReply {
  data: ShopProduct[];
  discount: number;
  /** Beyond the spec's fields: the Pix receiver, so the SPA can show the BR Code. */
  pix?: PixReceiver;
}

export type PaymentMethod = 'card' | 'pix';

/** One product as ordered: the client's figures are informative, the server recomputes them. */
export interface OrderLine {
  id: string;
  name: string;
  type: string;
  hours: number;
  quantity: number;
  selectedAccessories: { name: string; price: number }[];
  unitPrice: number;
  totalPrice: number;
}

/** `POST /order/{coupon}` body. */
export interface OrderPayload {
  products: OrderLine[];
  total: number;
  clientName: string;
  eventName: string;
  eventDate: string;
  eventTime: string;
  paymentMethod: PaymentMethod;
  email: string;
  cpf: string;
  orderId: string;
}

export interface OrderReply {
  orderId: string;
  status: string;
}

/** `POST /process_payment_card` body. */
export interface CardPaymentRequest {
  transaction_amount: number;
  token: string;
  description: string;
  installments: number;
  payment_method_id: string;
  email: string;
  type: 'CPF';
  number: string;
  statement_descriptor: string;
}

export interface CardPaymentReply {
  id: string;
  status: string;
  status_detail: string;
}

/** `GET /contracts/{partner}` */
export interface Contract {
  title: string;
  description: string;
  /** The last coupon launched under this contract. */
  last: string;
  discount: number;
  kit: string;
}

/** `POST /launch_coupon` body. */
export interface LaunchCouponRequest {
  partner: string;
  contractTitle: string;
  lastCoupon: string;
  discount: number;
  kit: string;
}

/** `GET /deals/{partner}` */
export interface Deal {
  eventName: string;
  clientName: string;
  eventDate: string;
  eventTime: string;
  products: { name: string; hours: number; accessories: { name: string }[]; quantity: number }[];
  total: number;
  /** Commission, in percent. */
  rate: number;
  /** Discount, as a fraction. */
  discount: number;
  status: string;
}

/** `POST /create_contract` body. */
export interface ContractPayload {
  partner: string;
  duration: number;
  rate: number;
  discount: number;
  kit: string;
  n_coupons: number;
}

export interface MessageReply {
  message: string;
}

/** `POST /authorize_hash` and `POST /authorize_partner` body. */
export interface InvitationPayload {
  partnerName: string;
  hash: string;
}

/** `POST /uploadFace/{name}` body: the captured image as a data URL. */
export interface FaceUpload {
  poligram: string;
}

/** `POST /set_transaction` body. */
export interface SetTransactionRequest {
  transaction: string;
}
