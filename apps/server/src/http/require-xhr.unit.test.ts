import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { namesJson, requireXhrHeader } from './require-xhr';

describe('the API guard', () => {
  it('guards every route declared under /api/, whoever declares it and however a request spells the path', async () => {
    const app = Fastify({ logger: false });
    requireXhrHeader(app);
    // A form parser elsewhere in the app must not hand an API route a payload.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))));
    const reached: string[] = [];
    app.post('/api/plain', async (request) => (reached.push('plain'), request.body ?? {}));
    await app.register(
      async (scope) => {
        scope.post('/scoped', async () => (reached.push('scoped'), {}));
      },
      { prefix: '/api/inner' },
    );
    app.post('/not-api/form', async () => (reached.push('not-api'), {}));
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const xhr = { 'x-requested-with': 'XMLHttpRequest' };
    for (const url of ['/api/plain', '/%61pi/plain', '/api/%70lain', '/api/plain?x=1', '/%61pi/inner/scoped', '/api/inner/%73coped']) {
      expect((await app.inject({ method: 'POST', url, headers: form, payload: 'a=1' })).statusCode, url).toBe(400);
      expect((await app.inject({ method: 'POST', url, headers: { ...form, ...xhr }, payload: 'a=1' })).statusCode, url).toBe(415);
      expect((await app.inject({ method: 'POST', url, headers: { 'content-type': 'Text/Plain ; charset=utf-8', ...xhr }, payload: '{}' })).statusCode, url).toBe(415);
      expect((await app.inject({ method: 'POST', url, headers: { 'content-type': 'multipart/form-data; boundary=x', ...xhr }, payload: '' })).statusCode, url).toBe(415);
    }
    expect(reached).toEqual([]);
    // With the header and JSON they answer; a route outside /api/ keeps its own rules.
    expect((await app.inject({ method: 'POST', url: '/%61pi/plain', headers: { 'content-type': 'application/json', ...xhr }, payload: '{"a":1}' })).json()).toEqual({ a: 1 });
    expect((await app.inject({ method: 'POST', url: '/not-api/form', headers: form, payload: 'a=1' })).statusCode).toBe(200);
    expect(reached).toEqual(['plain', 'not-api']);
  });

  it('takes only application/json as a body type, in any casing and with parameters', () => {
    for (const type of ['application/json', 'Application/JSON', ' application/json ; charset=utf-8', 'application/json;charset="utf-8"']) expect(namesJson(type), type).toBe(true);
    for (const type of [undefined, '', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'application/json-patch+json', 'text/json', 'application/json, text/plain', 'application/ json']) {
      expect(namesJson(type), String(type)).toBe(false);
    }
  });
});
