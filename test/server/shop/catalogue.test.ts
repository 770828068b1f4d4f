import { AGENT, server, withShopServer } from './support';

withShopServer();

describe('GET /api/shop/{coupon}/{agent}', () => {
  it('answers the catalogue, the coupon discount and the Pix receiver', async () => {
    const response = await server.call({ method: 'GET', url: `/api/shop/DEZ/${AGENT}` });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.discount).toBe(0.1);
    expect(body.pix).toEqual(server.config.pix);
    const blank = {
      descTitle1: '',
      descTitle2: '',
      descTitle3: '',
      descText1: '',
      descText2: '',
      descText3: '',
      descPic1: '',
      descPic2: '',
      descPic3: '',
      disclaimer: '',
    };
    expect(body.data).toEqual([
      {
        id: 'cabine360',
        name: 'Cabine 360',
        type: 'service',
        image: '/catalogo/produto-cabine.jpg',
        price: 1000,
        pricePerHour: 200,
        minHours: 2,
        maxHours: 5,
        maxQty: 2,
        accessories: [{ id: 'neon', name: 'Neon', image: '', price: 150 }],
        ...blank,
      },
      {
        id: 'album',
        name: 'Álbum',
        type: 'product',
        image: '',
        price: 80,
        pricePerHour: 0,
        minHours: 0,
        maxHours: 0,
        maxQty: 10,
        accessories: [],
        ...blank,
      },
      {
        id: 'brinde',
        name: 'Brinde',
        type: 'product',
        image: '',
        price: 0,
        pricePerHour: 0,
        minHours: 0,
        maxHours: 0,
        maxQty: 1,
        accessories: [],
        ...blank,
      },
    ]);
  });

  it('answers 404 for an unknown, an expired or a differently-cased coupon', async () => {
    for (const coupon of ['NADA', 'VENCIDO', 'dez']) {
      const response = await server.call({ method: 'GET', url: `/api/shop/${coupon}/${AGENT}` });
      expect({ coupon, status: response.statusCode }).toEqual({ coupon, status: 404 });
      expect(response.json()).toEqual({ error: 'coupon_not_found', message: 'Cupom inválido ou expirado.' });
    }
  });

  it('refuses odd characters, dot segments and very long values with 400', async () => {
    const urls = [
      `/api/shop/${encodeURIComponent('DEZ OR 1=1')}/${AGENT}`,
      `/api/shop/${encodeURIComponent("D'Z")}/${AGENT}`,
      `/api/shop/${encodeURIComponent('../DEZ')}/${AGENT}`,
      `/api/shop/${'D'.repeat(65)}/${AGENT}`,
      `/api/shop/DEZ/${encodeURIComponent('a/b')}`,
      `/api/shop/DEZ/${'a'.repeat(3000)}`,
    ];
    for (const url of urls) {
      const response = await server.call({ method: 'GET', url });
      expect({ url: url.slice(0, 60), status: response.statusCode }).toEqual({ url: url.slice(0, 60), status: 400 });
    }
    // A bare dot segment never reaches the route.
    const dots = await server.call({ method: 'GET', url: `/api/shop/%2E%2E/${AGENT}` });
    expect(dots.statusCode).toBe(404);
    expect(dots.json()).toEqual({ error: 'not_found', message: 'Não encontrado.' });
  });
});
