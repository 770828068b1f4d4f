import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { CONTRACT_MESSAGES, NAME_TOO_SHORT, NAME_WRONG } from '../../../../src/features/team/contractFields';
import { ANA, fakeIdentity } from '../../../support/fakeIdentity';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

interface Sent {
  body: unknown;
  idToken: string | null;
}

/** The team check says `team`; contracts are answered with `reply` and recorded. */
function serve(reply: () => Response, team = 'ok') {
  const sent: Sent[] = [];
  network.use(
    http.get(`${API}/check_team`, () => HttpResponse.text(team)),
    http.post(`${API}/create_contract`, async ({ request }) => {
      sent.push({ body: await request.json(), idToken: request.headers.get('idToken') });
      return reply();
    }),
  );
  return sent;
}

const created = () => HttpResponse.json({ message: 'Contract created for parceiro_1' });

const LABELS = {
  partner: 'Partner name',
  duration: 'Contract duration (days)',
  rate: 'Commission (%)',
  discount: 'Discount (%)',
  n_coupons: 'Number of coupons',
  kit: 'Kit',
} as const;
type Field = keyof typeof LABELS;

const GOOD: Record<Field, string> = {
  partner: 'parceiro_1',
  duration: '30',
  rate: '12,5',
  discount: '10',
  n_coupons: '5',
  kit: 'Kit festa',
};

async function openForm() {
  const view = renderApp('/createContract', { identity: fakeIdentity({ signedInAs: ANA }) });
  await screen.findByRole('heading', { level: 1, name: 'Create contract' });
  const fill = async (values: Partial<Record<Field, string>>) => {
    for (const [field, value] of Object.entries(values) as [Field, string][]) {
      const input = screen.getByLabelText(LABELS[field]);
      await view.user.clear(input);
      if (value) await view.user.type(input, value);
    }
  };
  const submit = () => view.user.click(screen.getByRole('button', { name: 'Submit' }));
  return { ...view, fill, submit };
}

function expectEmptyForm() {
  for (const label of Object.values(LABELS)) expect(screen.getByLabelText(label)).toHaveValue('');
}

describe('createContract', () => {
  it.each<[Field, string, string]>([
    ['partner', '', CONTRACT_MESSAGES.partnerMissing],
    ['partner', 'ab', NAME_TOO_SHORT],
    ['partner', 'novo parceiro', NAME_WRONG],
    ['duration', '', CONTRACT_MESSAGES.durationMissing],
    ['duration', '0', CONTRACT_MESSAGES.durationBad],
    ['duration', '2.5', CONTRACT_MESSAGES.durationBad],
    ['rate', '', CONTRACT_MESSAGES.rateMissing],
    ['rate', '101', CONTRACT_MESSAGES.rateBad],
    ['discount', '', CONTRACT_MESSAGES.discountMissing],
    ['discount', '100', CONTRACT_MESSAGES.discountBad],
    ['n_coupons', '', CONTRACT_MESSAGES.couponsMissing],
    ['n_coupons', '0', CONTRACT_MESSAGES.couponsBad],
    ['kit', '', CONTRACT_MESSAGES.kitMissing],
  ])('refuses %s %j next to the field, moves the focus there and sends nothing', async (field, value, message) => {
    const sent = serve(created);
    const { fill, submit } = await openForm();
    await fill({ ...GOOD, [field]: value });
    await submit();

    const input = screen.getByLabelText(LABELS[field]);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    expect(input).toHaveFocus();
    // The other fields are fine and say nothing.
    for (const other of Object.keys(LABELS) as Field[]) {
      if (other !== field) expect(screen.getByLabelText(LABELS[other])).toHaveAttribute('aria-invalid', 'false');
    }
    expect(input).toHaveValue(value);
    expect(sent).toEqual([]);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('says what each field of an empty form needs, focusing the first', async () => {
    const sent = serve(created);
    const { submit } = await openForm();
    await submit();
    expect(screen.getByLabelText('Partner name')).toHaveFocus();
    expect(screen.getByLabelText('Partner name')).toHaveAccessibleDescription(CONTRACT_MESSAGES.partnerMissing);
    expect(screen.getByLabelText('Kit')).toHaveAccessibleDescription(CONTRACT_MESSAGES.kitMissing);
    expect(screen.getAllByText(/^Enter the /)).toHaveLength(6);
    expect(sent).toEqual([]);
  });

  it("drops a field's message as it is corrected, then sends", async () => {
    const sent = serve(created);
    const { fill, submit } = await openForm();
    await fill({ ...GOOD, duration: '0', kit: '' });
    await submit();
    expect(screen.getByLabelText('Contract duration (days)')).toHaveFocus();
    await fill({ duration: '45' });
    expect(screen.getByLabelText('Contract duration (days)')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText(CONTRACT_MESSAGES.durationBad)).not.toBeInTheDocument();
    expect(screen.getByText(CONTRACT_MESSAGES.kitMissing)).toBeInTheDocument();
    await fill({ kit: 'Kit festa' });
    await submit();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({
      partner: 'parceiro_1',
      duration: 45,
      rate: 12.5,
      discount: 10,
      kit: 'Kit festa',
      n_coupons: 5,
    });
  });

  it("sends the contract with numbers, signed, alerts the server's message and clears the form", async () => {
    const sent = serve(created);
    const { fill, submit } = await openForm();
    await fill(GOOD);
    await submit();
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Contract created for parceiro_1'));
    expect(window.alert).toHaveBeenCalledTimes(1);
    expect(sent).toEqual([
      {
        body: { partner: 'parceiro_1', duration: 30, rate: 12.5, discount: 10, kit: 'Kit festa', n_coupons: 5 },
        idToken: expect.any(String),
      },
    ]);
    expectEmptyForm();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it.each([
    ['a server error', () => HttpResponse.json({ error: 'internal' }, { status: 500 })],
    [
      'a refusal',
      () => HttpResponse.json({ error: 'bad_request', message: 'body/rate must be <= 100' }, { status: 400 }),
    ],
    ['no network', () => HttpResponse.error()],
  ])("alerts 'There was an error creating the contract.' on %s and clears the form anyway", async (_what, reply) => {
    const sent = serve(reply);
    const { fill, submit } = await openForm();
    await fill(GOOD);
    await submit();
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('There was an error creating the contract.'));
    expect(window.alert).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
    expectEmptyForm();
  });
});

describe('createContract opened again', () => {
  it('starts from an empty form', async () => {
    serve(created);
    const { fill, router } = await openForm();
    await fill({ partner: 'parceiro_1', kit: 'Kit festa' });
    await act(() => router.navigate('/authorizePartner'));
    await screen.findByRole('heading', { level: 1, name: 'Authorize partner' });
    await act(() => router.navigate('/createContract'));
    await screen.findByRole('heading', { level: 1, name: 'Create contract' });
    expectEmptyForm();
  });
});

describe('createContract is for the team only', () => {
  it("shows 'Carregando...' while the team check runs, then the form", async () => {
    let answer: (value: Response) => void = () => undefined;
    network.use(http.get(`${API}/check_team`, () => new Promise<Response>((resolve) => (answer = resolve))));
    renderApp('/createContract', { identity: fakeIdentity({ signedInAs: ANA }) });
    expect(await screen.findByText('Carregando...')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Create contract' })).not.toBeInTheDocument();
    answer(HttpResponse.text('ok'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create contract' })).toBeInTheDocument();
  });

  it.each([
    ['a signed-in user who is not on the team', () => HttpResponse.text('no')],
    ['a failed team check', () => HttpResponse.json({ error: 'internal' }, { status: 500 })],
  ])('shows %s nothing of the screen', async (_who, reply) => {
    network.use(http.get(`${API}/check_team`, reply));
    renderApp('/createContract', { identity: fakeIdentity({ signedInAs: ANA }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.queryByText(/contract/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('shows a signed-out visitor nothing of it, only a way to log in, without asking the server', async () => {
    renderApp('/createContract');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página não encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Entrar' })).toHaveAttribute(
      'href',
      `/login?${new URLSearchParams({ volta: '/createContract' }).toString()}`,
    );
    expect(screen.queryByText(/contract/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
