import { apiBaseUrl } from '../../../src/api/apiSlice';
import { forgetRuntimeConfig, parseRuntimeConfig, runtimeConfig } from '../../../src/api/runtimeConfigReader';
import type { RuntimeConfig } from '../../../contract/wire';
import { runtimeConfigScript } from '../../../contract/runtimeConfig';

const fallback: RuntimeConfig = {
  apiBase: '',
  firebase: { apiKey: 'demo-api-key', authDomain: '', projectId: 'demo-cabine', authEmulatorUrl: '' },
  mercadoPagoPublicKey: '',
};

const served: RuntimeConfig = {
  apiBase: 'https://api.cabine.example/api',
  firebase: {
    apiKey: 'AIza-real',
    authDomain: 'cabine.firebaseapp.com',
    projectId: 'cabine-prod',
    authEmulatorUrl: '',
  },
  mercadoPagoPublicKey: 'APP_USR-123',
};

afterEach(() => {
  document.head.innerHTML = '';
  forgetRuntimeConfig();
});

describe('the runtime settings', () => {
  it('come from the block the server writes into the page', () => {
    document.head.innerHTML = runtimeConfigScript(served);
    expect(runtimeConfig()).toEqual(served);
    expect(apiBaseUrl()).toBe('https://api.cabine.example/api');
  });

  it("keep the build's values where the page has no block (the development server)", () => {
    expect(apiBaseUrl()).toBe('http://localhost/api');
    expect(parseRuntimeConfig(null, fallback)).toEqual(fallback);
    expect(parseRuntimeConfig('not json', fallback)).toEqual(fallback);
    expect(parseRuntimeConfig('{"apiBase": 42, "firebase": {"projectId": "p"}}', fallback)).toEqual({
      ...fallback,
      firebase: { ...fallback.firebase, projectId: 'p' },
    });
  });

  it('cannot be closed early by a value holding a closing script tag', () => {
    const hostile = { ...served, mercadoPagoPublicKey: '</script><script>alert(1)</script>' };
    const script = runtimeConfigScript(hostile);
    expect(script.match(/<\/script>/g)).toHaveLength(1);
    document.head.innerHTML = script;
    expect(runtimeConfig().mercadoPagoPublicKey).toBe(hostile.mercadoPagoPublicKey);
  });
});
