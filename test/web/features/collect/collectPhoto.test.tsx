import { fireEvent, screen } from '@testing-library/react';
import { mediaFound, network } from '../../../support/network';
import { renderApp } from '../../../support/renderWithProviders';

beforeEach(() => network.use(mediaFound));

const photo = '/media/festa_ana/pad/foto-01.jpg';
const rendition = 'http://localhost/display/festa_ana/pad/foto-01.jpg.webp';

function thumbnailOf(container: HTMLElement): HTMLImageElement | null {
  return container.querySelector<HTMLImageElement>('img.collect__thumb');
}

function setNaturalSize(img: HTMLElement, width: number, height: number): void {
  Object.defineProperty(img, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(img, 'naturalHeight', { value: height, configurable: true });
}

describe('the collect screen shows the thumbnail first', () => {
  it('shows the WebP thumbnail, hidden from screen readers, until the photo has arrived', async () => {
    const { container } = renderApp(`/collect?id=${photo}`);
    const full = await screen.findByRole('img', { name: 'Foto do evento festa_ana' });
    expect(full).toHaveAttribute('src', rendition);
    const thumb = thumbnailOf(container);
    expect(thumb).toHaveAttribute('src', 'http://localhost/thumbs/festa_ana/pad/foto-01.jpg.webp');
    expect(thumb).toHaveAttribute('alt', '');

    fireEvent.load(full);
    expect(thumbnailOf(container)).toBeNull();
    expect(screen.getByRole('img', { name: 'Foto do evento festa_ana' })).toBe(full);
  });

  it("gives the photo's box the thumbnail's shape, so the photo replaces it in place", async () => {
    const { container } = renderApp(`/collect?id=${photo}`);
    await screen.findByRole('img', { name: 'Foto do evento festa_ana' });
    const box = container.querySelector<HTMLElement>('.collect__photo');
    expect(box?.style.getPropertyValue('--ratio')).toBe(String(3 / 4));
    const thumb = thumbnailOf(container);
    if (!thumb) throw new Error('no thumbnail');
    setNaturalSize(thumb, 360, 360);
    fireEvent.load(thumb);
    expect(box?.style.getPropertyValue('--ratio')).toBe('1');

    // The photo, once there, keeps that box.
    const full = screen.getByRole('img', { name: 'Foto do evento festa_ana' });
    setNaturalSize(full, 1080, 1080);
    fireEvent.load(full);
    expect(box?.style.getPropertyValue('--ratio')).toBe('1');
  });

  it('shows the photo alone when the thumbnail does not come', async () => {
    const { container } = renderApp(`/collect?id=${photo}`);
    await screen.findByRole('img', { name: 'Foto do evento festa_ana' });
    const thumb = thumbnailOf(container);
    if (!thumb) throw new Error('no thumbnail');
    fireEvent.error(thumb);
    expect(thumbnailOf(container)).toBeNull();
    const full = screen.getByRole('img', { name: 'Foto do evento festa_ana' });
    setNaturalSize(full, 1200, 900);
    fireEvent.load(full);
    expect(container.querySelector<HTMLElement>('.collect__photo')?.style.getPropertyValue('--ratio')).toBe(
      String(1200 / 900),
    );
  });
});

describe('the photo drawn', () => {
  it('is the light display rendition of a still photo; sharing and downloading keep the original', async () => {
    const { container } = renderApp(`/collect?id=${photo}`);
    const full = await screen.findByRole('img', { name: 'Foto do evento festa_ana' });
    expect(full).toHaveAttribute('src', rendition);
    expect(container.innerHTML).not.toContain(`src="http://localhost${photo}"`);
    expect(screen.getByRole('button', { name: 'Compartilhar ou baixar' })).toBeInTheDocument();
  });

  it('falls back to the original when the rendition does not come', async () => {
    const { container } = renderApp(`/collect?id=${photo}`);
    const full = await screen.findByRole('img', { name: 'Foto do evento festa_ana' });
    fireEvent.error(full);
    expect(full).toHaveAttribute('src', `http://localhost${photo}`);
    // Once: a missing original is not asked for in a loop.
    fireEvent.error(full);
    expect(full).toHaveAttribute('src', `http://localhost${photo}`);
    fireEvent.load(full);
    expect(thumbnailOf(container)).toBeNull();
  });

  it('is the GIF itself, which has no rendition', async () => {
    renderApp('/collect?id=/media/festa_ana/boomerang/giro.gif');
    expect(await screen.findByRole('img', { name: 'Foto do evento festa_ana' })).toHaveAttribute(
      'src',
      'http://localhost/media/festa_ana/boomerang/giro.gif',
    );
  });
});

describe("the page's early copy of the photo (drawn by the server before any script)", () => {
  function addShellPreview(): HTMLImageElement {
    const preview = document.createElement('img');
    preview.setAttribute('data-shell-preview', '');
    // The same URL as the screen's photo, so the browser fetches it once
    // (server/src/modules/firstPaint/http/collectPreload.ts).
    preview.src = rendition;
    preview.alt = '';
    document.body.prepend(preview);
    return preview;
  }

  it('stays until the screen has drawn its own photo, then goes', async () => {
    const preview = addShellPreview();
    renderApp(`/collect?id=${photo}`);
    const full = await screen.findByRole('img', { name: 'Foto do evento festa_ana' });
    expect(full.getAttribute('src')).toBe(preview.getAttribute('src'));
    expect(preview).toBeInTheDocument();
    fireEvent.load(full);
    expect(preview).not.toBeInTheDocument();
  });

  it('goes once the original is drawn instead, when the rendition did not come', async () => {
    const preview = addShellPreview();
    renderApp(`/collect?id=${photo}`);
    const full = await screen.findByRole('img', { name: 'Foto do evento festa_ana' });
    fireEvent.error(full);
    expect(preview).toBeInTheDocument();
    fireEvent.load(full);
    expect(preview).not.toBeInTheDocument();
  });

  it('goes when the link names no photo', async () => {
    const preview = addShellPreview();
    renderApp('/collect?id=nada');
    await screen.findByText('Link inválido: esta foto não existe.');
    expect(preview).not.toBeInTheDocument();
  });
});
