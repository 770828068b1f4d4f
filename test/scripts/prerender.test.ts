import { injectPrerender } from '../../scripts/build';

describe('injectPrerender', () => {
  const css = (href: string) => `/* ${href} */ .hero{color:red}`;

  it('fills the root and inlines the stylesheet, quoted or minified', () => {
    const minified = '<head><link href=/assets/main.abc.css rel=stylesheet></head><body><div id=root></div></body>';
    expect(injectPrerender(minified, '<h1>Oi</h1>', css)).toBe(
      '<head><style>/* /assets/main.abc.css */ .hero{color:red}</style></head><body><div ' +
        'id="root"><h1>Oi</h1></div></body>',
    );
    const quoted = '<link href="/assets/main.abc.css" rel="stylesheet"><div id="root"></div>';
    expect(injectPrerender(quoted, '<p>$& $1</p>', css)).toBe(
      '<style>/* /assets/main.abc.css */ .hero{color:red}</style><div id="root"><p>$& $1</p></div>',
    );
  });

  it('refuses a template without an empty root', () => {
    expect(() => injectPrerender('<div id="app"></div>', '<h1/>', css)).toThrow('index.html has no empty root element');
  });
});
