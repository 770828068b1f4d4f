import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom';
import { RouteErrorBoundary } from '../../../src/app/RouteError';

function Broken(): never {
  throw new Error('chunk did not arrive');
}

function renderAt(entry: string) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <nav>
        <Link to="/ok">Outra tela</Link>
      </nav>
      <RouteErrorBoundary>
        <Routes>
          <Route path="/broken" element={<Broken />} />
          <Route path="/ok" element={<h1>Tela boa</h1>} />
        </Routes>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

it('shows the failure screen in place of a screen that throws, the menu around it still usable', async () => {
  renderAt('/broken');
  expect(screen.getByRole('heading', { name: 'Algo deu errado' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();

  await userEvent.setup().click(screen.getByRole('link', { name: 'Outra tela' }));
  expect(await screen.findByRole('heading', { name: 'Tela boa' })).toBeInTheDocument();
  expect(screen.queryByText('Algo deu errado')).not.toBeInTheDocument();
});

it('renders a working screen untouched', () => {
  renderAt('/ok');
  expect(screen.getByRole('heading', { name: 'Tela boa' })).toBeInTheDocument();
  expect(screen.queryByText('Algo deu errado')).not.toBeInTheDocument();
});
