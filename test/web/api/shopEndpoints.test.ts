/**
 * The shop's calls of docs/api.md#the-contracts-calls (the landing's form, the shop, the order and its card
 * payment): what each sends and how it reads the reply (endpointCases.ts).
 */
import { checkoutApi } from '../../../src/features/checkout/checkoutApi';
import { landingApi } from '../../../src/features/landing/landingApi';
import { shopApi } from '../../../src/features/shop/shopApi';
import { describeEndpoints, type Case } from './endpointCases';

const lead = {
  data: '2026-12-01',
  indicacao: 'Instagram',
  evento: 'Casamento & Festa',
  email: 'ana@example.com',
  instagram: '@ana',
  tiktok: '@ana.tk',
  telefone: '(11) 98888-7777',
  nome: 'Ana',
  comentarios: "<script>alert('x')</script>",
};
const order = {
  products: [],
  total: 100,
  clientName: 'Ana',
  eventName: 'festa',
  eventDate: '2026-12-01',
  eventTime: '20:00',
  paymentMethod: 'pix' as const,
  email: 'ana@example.com',
  cpf: '12345678909',
  orderId: '123456789',
  claim: 'c'.repeat(22),
};

const cases: Case[] = [
  {
    name: 'submitLead',
    run: (s) => s.dispatch(landingApi.endpoints.submitLead.initiate(lead)),
    method: 'POST',
    path: '/api/landingForm',
    body: lead,
    auth: 'none',
    reply: { text: 'ok' },
    data: 'ok',
  },
  {
    name: 'getShop',
    run: (s) => s.dispatch(shopApi.endpoints.getShop.initiate({ coupon: 'CUPOM 10%', agent: 'agent01xyz' })),
    method: 'GET',
    path: '/api/shop/CUPOM%2010%25/agent01xyz',
    auth: 'none',
    reply: { json: { data: [], discount: 0.1 } },
    data: { data: [], discount: 0.1 },
  },
  {
    name: 'placeOrder',
    run: (s) => s.dispatch(checkoutApi.endpoints.placeOrder.initiate({ coupon: 'CUP/1', order })),
    method: 'POST',
    path: '/api/order/CUP%2F1',
    body: order,
    auth: 'optional',
    reply: { json: { orderId: '123456789', status: 'pending', amount: 90 } },
    data: { orderId: '123456789', status: 'pending', amount: 90 },
  },
  {
    name: 'processCardPayment',
    run: (s) =>
      s.dispatch(
        checkoutApi.endpoints.processCardPayment.initiate({
          transaction_amount: 100,
          token: 'tok_1',
          description: 'Cabine 360',
          installments: 3,
          payment_method_id: 'visa',
          email: 'ana@example.com',
          type: 'CPF',
          number: '12345678909',
          statement_descriptor: 'Cabine 360',
          orderId: '123456789',
        }),
      ),
    method: 'POST',
    path: '/api/process_payment_card',
    body: {
      transaction_amount: 100,
      token: 'tok_1',
      description: 'Cabine 360',
      installments: 3,
      payment_method_id: 'visa',
      email: 'ana@example.com',
      type: 'CPF',
      number: '12345678909',
      statement_descriptor: 'Cabine 360',
      orderId: '123456789',
    },
    auth: 'optional',
    reply: { json: { id: '99', status: 'approved', status_detail: 'accredited' } },
    data: { id: '99', status: 'approved', status_detail: 'accredited' },
  },
];

describeEndpoints(cases);
