import { render, screen } from '@testing-library/react';
import { CameraPermissionHelp } from '../../../src/ui/CameraPermissionHelp';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Version/17.5 Mobile/15E148 Safari/604.1';
const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

const headings = () => screen.getAllByRole('heading').map((heading) => heading.textContent);

describe('the steps to let the camera in again', () => {
  it("gives an iPhone's steps first on an iPhone, each as a numbered list", () => {
    render(<CameraPermissionHelp userAgent={IPHONE} />);
    expect(headings()).toEqual(['No iPhone (Safari)', 'No Android (Chrome)']);
    const [ios] = screen.getAllByRole('list');
    expect(ios.tagName).toBe('OL');
    expect(ios).toHaveTextContent('Toque em aA (ou no ícone de ajustes) ao lado do endereço do site.');
  });

  it("gives an Android phone's steps first on Android, and both anywhere else", () => {
    render(<CameraPermissionHelp userAgent={ANDROID} />);
    expect(headings()).toEqual(['No Android (Chrome)', 'No iPhone (Safari)']);
    expect(screen.getAllByRole('list')[0]).toHaveTextContent(
      'Toque em Permissões e ligue a Câmera (ou escolha Permitir).',
    );
  });
});
