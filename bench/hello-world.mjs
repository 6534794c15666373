// The baseline: the smallest Fastify app on the same machine, so the product's figures can be
// read as a ratio ("how much of bare Fastify do we keep") rather than as machine-dependent numbers.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

// Close cleanly on SIGTERM so the runner can tell a crash from a stop.
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));

await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 3001) });
