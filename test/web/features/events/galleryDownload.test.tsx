import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { API, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

const entry = { pathname: '/eventos/evento/pad', state: { bname: 'festa_ana', devices: ['pad', 'polaroid'] } };

describe("a booth gallery's 'Baixar todas'", () => {
  it('downloads every photo of the booth in one ZIP, from the server', async () => {
    network.use(
      http.get(`${API}/all/festa_ana/pad`, () =>
        HttpResponse.json({ product: ['/media/festa_ana/pad/a.jpg', '/media/festa_ana/pad/b.jpg'] }),
      ),
    );
    renderApp(entry);
    const link = await screen.findByRole('link', { name: 'Baixar todas' });
    expect(link).toHaveAttribute('href', 'http://localhost/api/baixar/festa_ana/pad');
    expect(link).toHaveAttribute('download');
  });

  it('is not offered for a booth with no photo yet', async () => {
    network.use(http.get(`${API}/all/festa_ana/pad`, () => HttpResponse.json({ product: [] })));
    renderApp(entry);
    expect(await screen.findByText('Nenhuma foto nesta cabine ainda.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Baixar todas' })).not.toBeInTheDocument();
  });
});
