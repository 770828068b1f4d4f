import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { makeStore } from '../../../../src/app/store';
import type { QueuedLead } from '../../../../src/lib/offlineQueue';
import { memoryOutboxStore } from '../../../../src/session';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

type Lead = Record<string, string>;

function receiveLeads(leads: Lead[], failFirst = 0) {
  let calls = 0;
  network.use(
    http.post(`${API}/landingForm`, async ({ request }) => {
      calls += 1;
      if (calls <= failFirst) return HttpResponse.error();
      leads.push((await request.json()) as Lead);
      return HttpResponse.text('ok');
    }),
  );
}

async function form() {
  return screen.findByRole('form', { name: 'Fale com a gente' });
}

describe('the contact form', () => {
  it('has the fields of the spec with their types', async () => {
    renderApp('/');
    const f = await form();
    expect(within(f).getByLabelText('Data do evento')).toHaveAttribute('type', 'date');
    expect(within(f).getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(within(f).getByLabelText('Telefone')).toHaveAttribute('type', 'tel');
    expect(within(f).getByLabelText('Telefone')).toHaveAttribute('placeholder', '(xx) xxxxx-xxxx');
    expect(within(f).getByLabelText('Nome *')).toBeRequired();
    expect(within(f).getByLabelText('Evento *')).toBeRequired();
    const options = within(within(f).getByLabelText('Como nos conheceu?')).getAllByRole('option');
    expect(options.map((o) => [o.textContent, o.getAttribute('value')])).toEqual([
      ['Como nos conheceu?', ''],
      ['Indicação', 'Indicação'],
      ['Google', 'Google'],
      ['Instagram', 'Instagram'],
    ]);
    for (const label of ['Instagram', 'TikTok', 'Comentários'])
      expect(within(f).getByLabelText(label)).toBeInTheDocument();
  });

  it('clears every field and thanks at once, then sends the lead', async () => {
    const leads: Lead[] = [];
    receiveLeads(leads);
    const outbox = memoryOutboxStore();
    const { user } = renderApp('/', { outbox });
    const f = await form();
    await user.type(within(f).getByLabelText('Nome *'), 'Ana');
    await user.type(within(f).getByLabelText('Evento *'), 'Casamento');
    await user.type(within(f).getByLabelText('Telefone'), '(11) 98888-7777');
    await user.selectOptions(within(f).getByLabelText('Como nos conheceu?'), 'Instagram');
    await user.type(within(f).getByLabelText('Comentários'), '<b>200 convidados</b>');
    await user.click(within(f).getByRole('button', { name: 'Enviar' }));

    expect(window.alert).toHaveBeenCalledWith('Mensagem enviada com sucesso!');
    for (const field of within(f).getAllByRole('textbox')) expect(field).toHaveValue('');
    expect(within(f).getByLabelText('Como nos conheceu?')).toHaveValue('');

    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      nome: 'Ana',
      evento: 'Casamento',
      telefone: '(11) 98888-7777',
      indicacao: 'Instagram',
      comentarios: '<b>200 convidados</b>',
      email: '',
      data: '',
    });
    // The outbox's own id for it, which the server knows a replay by.
    expect(leads[0].clientId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Exactly the contract's fields (the server refuses unknown ones).
    expect(Object.keys(leads[0]).sort()).toEqual([
      'clientId',
      'comentarios',
      'data',
      'email',
      'evento',
      'indicacao',
      'instagram',
      'nome',
      'telefone',
      'tiktok',
    ]);
    expect([...outbox.items.values()]).toEqual([]);
  });

  it('sends nothing and says nothing without nome and evento', async () => {
    const leads: Lead[] = [];
    receiveLeads(leads);
    const { user } = renderApp('/');
    const f = await form();
    await user.type(within(f).getByLabelText('Nome *'), '   ');
    await user.click(within(f).getByRole('button', { name: 'Enviar' }));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(window.alert).not.toHaveBeenCalled();
    expect(leads).toEqual([]);
  });

  it('keeps a lead whose post failed and sends it again', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const leads: Lead[] = [];
      receiveLeads(leads, 2);
      const outbox = memoryOutboxStore();
      const { user } = renderApp('/', { outbox });
      const f = await form();
      await user.type(within(f).getByLabelText('Nome *'), 'Bia');
      await user.type(within(f).getByLabelText('Evento *'), 'Formatura');
      await user.click(within(f).getByRole('button', { name: 'Enviar' }));
      expect(window.alert).toHaveBeenCalledWith('Mensagem enviada com sucesso!');
      await act(async () => jest.advanceTimersByTimeAsync(100));
      expect(leads).toEqual([]);
      // Kept where a reload finds it, until the server has it.
      expect([...outbox.items.values()].map((item) => item.kind)).toEqual(['lead']);
      // The outbox waits 2 s, then 4 s (each at most a fifth longer) before the next tries.
      await act(async () => jest.advanceTimersByTimeAsync(2_400 + 4_800 + 100));
      expect(leads.map((l) => l.nome)).toEqual(['Bia']);
      expect([...outbox.items.values()]).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('sends what was left waiting in a previous visit', async () => {
    const leads: Lead[] = [];
    receiveLeads(leads);
    const id = 'lead-0123456789abcdef01234567';
    const lead = {
      nome: 'Caio',
      evento: 'Aniversário',
      data: '',
      indicacao: '',
      email: '',
      instagram: '',
      tiktok: '',
      telefone: '',
      comentarios: '',
      clientId: id,
    };
    const waiting: QueuedLead = { kind: 'lead', id, createdAt: 1, attempts: 3, nextAttemptAt: 1, lead };
    makeStore({ outbox: memoryOutboxStore({ items: [waiting] }) });
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(leads.map((l) => [l.nome, l.clientId])).toEqual([['Caio', id]]);
  });

  it('drops a lead the server refuses as invalid instead of retrying forever', async () => {
    let calls = 0;
    network.use(
      http.post(`${API}/landingForm`, () => {
        calls += 1;
        return HttpResponse.json({ error: 'invalid_request', message: 'x' }, { status: 400 });
      }),
    );
    const id = 'lead-aaaaaaaaaaaaaaaaaaaaaaaa';
    const outbox = memoryOutboxStore({
      items: [
        {
          kind: 'lead',
          id,
          createdAt: 1,
          attempts: 0,
          nextAttemptAt: 1,
          lead: { nome: 'X', evento: 'Y', clientId: id },
        },
      ],
    });
    makeStore({ outbox });
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    expect(calls).toBe(1);
    expect([...outbox.items.values()]).toEqual([]);
    // The visitor was thanked when they sent it: they are told it did not go after all.
    expect(window.alert).toHaveBeenCalledWith('Sua mensagem de contato não foi aceita: x');
  });
});
