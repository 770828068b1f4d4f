import { scriptsAfterPhoto } from '../../server/src/modules/firstPaint/http/spaPages';
import { PHOTO_FIRST_SCRIPT } from '../../contract/firstPaint/photoFirst';
import { loadBasicSeed } from './support/fixtures';
import { appScripts, distWith, SHELL } from './support/spaDist';
import { startTestServer, type TestServer } from './support/testServer';

describe('scriptsAfterPhoto', () => {
  it("hands the build's scripts, in order, to the loader, in the first one's place", () => {
    const html = scriptsAfterPhoto(SHELL);
    expect(appScripts(html)).toEqual([
      `<script defer src="${PHOTO_FIRST_SCRIPT}" data-scripts="/assets/runtime.1a.js /assets/693.2b.js ` +
        `/assets/main.3c.js">`,
    ]);
    expect(html).toContain('<title>Cabine</title><script defer src="/photo-first.js"');
    expect(html).toContain('<link href=/assets/main.4d.css rel=stylesheet>');
  });

  it('reads quoted and unquoted tags alike, and leaves a page without them as it is', () => {
    const quoted = '<head><script defer="defer" src="/assets/main.js"></script></head>';
    expect(scriptsAfterPhoto(quoted)).toBe(
      `<head><script defer src="${PHOTO_FIRST_SCRIPT}" data-scripts="/assets/main.js"></script></head>`,
    );
    const none = '<head><script type="application/json" id="cfg">{}</script></head>';
    expect(scriptsAfterPhoto(none)).toBe(none);
  });

  it("never hands over a script that is not the build's own", () => {
    const page =
      '<head><script defer src="https://elsewhere.example/x.js"></script><script defer ' +
      'src=/assets/main.js></script></head>';
    const html = scriptsAfterPhoto(page);
    expect(html).toContain('<script defer src="https://elsewhere.example/x.js"></script>');
    expect(html).toContain('data-scripts="/assets/main.js"');
  });
});

describe('the collect page with the photo-first loader in the build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DIST_DIR: distWith({ 'photo-first.js': '/* loader */' }) });
    await loadBasicSeed(server);
  });
  afterAll(() => server.close());

  const page = async (url: string) =>
    (await server.call({ method: 'GET', url, headers: { accept: 'text/html' } })).body;

  it('hands its scripts to the loader when the photo is in the page', async () => {
    const html = await page('/collect?id=/media/festa_ana/pad/a2.jpg');
    expect(html).toContain('<img data-shell-preview');
    expect(appScripts(html)).toEqual([
      `<script defer src="${PHOTO_FIRST_SCRIPT}" data-scripts="/assets/runtime.1a.js /assets/693.2b.js ` +
        `/assets/main.3c.js">`,
    ]);
  });

  it('keeps them where they are when no photo is drawn (a video, an unknown photo, another page)', async () => {
    for (const url of [
      '/collect?id=/media/festa_ana/360/v1.mp4',
      '/collect?id=/media/festa_ana/pad/none.jpg',
      '/collection',
    ]) {
      const html = await page(url);
      expect(html).not.toContain('<img data-shell-preview');
      expect(appScripts(html)).toHaveLength(3);
      expect(html).not.toContain(PHOTO_FIRST_SCRIPT);
    }
  });

  it('serves the loader itself, revalidated like the pages', async () => {
    const response = await server.call({ method: 'GET', url: PHOTO_FIRST_SCRIPT });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });
});

describe('the collect page of a build without the loader', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ DIST_DIR: distWith({}) });
    await loadBasicSeed(server);
  });
  afterAll(() => server.close());

  it('keeps its scripts: nothing would load them', async () => {
    const html = (
      await server.call({
        method: 'GET',
        url: '/collect?id=/media/festa_ana/pad/a2.jpg',
        headers: { accept: 'text/html' },
      })
    ).body;
    expect(html).toContain('<img data-shell-preview');
    expect(appScripts(html)).toHaveLength(3);
  });
});
