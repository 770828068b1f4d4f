import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../support/renderWithProviders';

const TOPICS = [
  'Coletar uma foto',
  'Imprimir com um pack de impressões',
  'Encontrar suas fotos pelo rosto',
  'Receber as fotos no WhatsApp ou e-mail',
  'Compartilhar e baixar',
  'Minha Coleção',
  'Privacidade',
  'Para quem contratou o evento',
];

describe("'Ajuda'", () => {
  it('lists its topics at the top, each a way to its section', async () => {
    renderApp('/ajuda');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ajuda' })).toBeInTheDocument();
    const topics = within(screen.getByRole('navigation', { name: 'Assuntos da ajuda' })).getAllByRole('link');
    expect(topics.map((link) => link.textContent)).toEqual(TOPICS);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(TOPICS);
    for (const link of topics) {
      const target = document.getElementById((link.getAttribute('href') ?? '').slice(1));
      expect(target).not.toBeNull();
      expect(within(target as HTMLElement).getByRole('heading', { level: 2 })).toHaveTextContent(
        link.textContent ?? '',
      );
    }
  });

  it(`says how to collect, print with a pack, find yourself, share, keep and erase, and what the owner can do, with \
the ways there`, async () => {
    renderApp('/ajuda');
    const section = async (name: string) => (await screen.findByRole('region', { name })) as HTMLElement;
    expect(await section('Coletar uma foto')).toHaveTextContent(
      'A foto abre e aparece “Coletado!”: ela já está na sua coleção.',
    );
    const print = await section('Imprimir com um pack de impressões');
    expect(print).toHaveTextContent('Selecione o pack de impressões');
    expect(within(print).getByRole('link', { name: 'Ver meus packs de impressões' })).toHaveAttribute('href', '/packs');
    const face = await section('Encontrar suas fotos pelo rosto');
    expect(within(face).getByRole('link', { name: 'Encontre minhas fotos' })).toHaveAttribute('href', '/face');
    // The steps to let a refused camera in again, on both phones.
    expect(within(face).getByRole('heading', { name: 'No Android (Chrome)' })).toBeInTheDocument();
    expect(within(face).getByRole('heading', { name: 'No iPhone (Safari)' })).toBeInTheDocument();
    expect(await section('Compartilhar e baixar')).toHaveTextContent('Baixar todas');
    expect(within(await section('Minha Coleção')).getByRole('link', { name: 'Minha Coleção' })).toHaveAttribute(
      'href',
      '/collection',
    );
    expect(
      within(await section('Privacidade')).getByRole('link', { name: 'Privacidade e seus dados' }),
    ).toHaveAttribute('href', '/privacidade');
    const owner = await section('Para quem contratou o evento');
    expect(owner).toHaveTextContent('Público');
    expect(owner).toHaveTextContent('Privado');
    expect(owner).toHaveTextContent('tirar o acesso de todos');
    expect(owner).toHaveTextContent('telão');
  });
});
