/**
 * The yardstick of `npm run bench:api`: a bare Fastify app with one JSON route and nothing else
 * (no hooks, no logger, no database), in a process of its own as the product's server is. Prints
 * its URL once it listens.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
app
  .listen({ host: '127.0.0.1', port: 0 })
  .then((url) => console.log(`bare: ${url}`))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
