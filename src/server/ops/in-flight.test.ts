import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { InFlightHandlers } from './in-flight.ts';

describe('in-flight handlers', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('lets a synchronous handler answer later (as @fastify/static does) and counts it until the answer is sent', async () => {
    const inFlight = new InFlightHandlers();
    const server: FastifyInstance = Fastify();
    app = server;
    inFlight.track(server);
    let countWhileAnswering = -1;
    app.get('/later', (_request, reply) => {
      // Answers in a later turn of the event loop, after the handler has returned.
      setImmediate(() => {
        countWhileAnswering = inFlight.count;
        void reply.type('text/css').send('body{color:red}');
      });
    });
    const response = await app.inject({ method: 'GET', url: '/later' });
    expect(response.headers['content-type']).toContain('text/css');
    expect(response.body).toBe('body{color:red}');
    expect(countWhileAnswering).toBe(1);
    await inFlight.idle();
    expect(inFlight.count).toBe(0);
  });

  it('counts an async handler until it settles, also when it throws', async () => {
    const inFlight = new InFlightHandlers();
    app = Fastify();
    inFlight.track(app);
    app.get('/ok', async () => ({ count: inFlight.count }));
    app.get('/fails', async () => {
      await Promise.resolve();
      throw new Error('boom');
    });
    expect((await app.inject({ method: 'GET', url: '/ok' })).json()).toEqual({ count: 1 });
    expect((await app.inject({ method: 'GET', url: '/fails' })).statusCode).toBe(500);
    expect(inFlight.count).toBe(0);
  });

  it('counts work a hook does on its own (during) until it settles, also when it throws, and idle waits for it', async () => {
    const inFlight = new InFlightHandlers();
    let finish: () => void = () => undefined;
    const work = inFlight.during(() => new Promise<string>((resolve) => (finish = () => resolve('answered'))));
    expect(inFlight.count).toBe(1);
    let isIdle = false;
    const idle = inFlight.idle().then(() => (isIdle = true));
    await Promise.resolve();
    expect(isIdle).toBe(false);
    finish();
    expect(await work).toBe('answered');
    await idle;
    expect(inFlight.count).toBe(0);

    await expect(inFlight.during(() => Promise.reject(new Error('session read failed')))).rejects.toThrow('session read failed');
    expect(inFlight.count).toBe(0);
  });
});
