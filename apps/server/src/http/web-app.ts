import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { CONFIG_ELEMENT_ID, messages, type ClientConfig } from '@festival/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtmlText, serializeForScript } from '../modules/config/shop-config';

export interface WebAppOptions {
  /** The built web app (apps/web/dist); when absent, pages answer 503 with a hint. */
  root: string;
  /** The configuration injected into every page. */
  clientConfig: () => Promise<ClientConfig>;
}

/** Fills the page template: the configuration as inert JSON and the shop name as title. */
export function renderIndexHtml(template: string, config: ClientConfig): string {
  const script = `<script id="${CONFIG_ELEMENT_ID}" type="application/json">${serializeForScript(config)}</script>`;
  return template.replace('<!--shop-config-->', () => script).replace('<!--shop-title-->', () => escapeHtmlText(config.name));
}

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (with the
 * configuration) for every other GET so the app's router decides, sending unknown paths home.
 */
export async function registerWebApp(app: FastifyInstance, options: WebAppOptions): Promise<void> {
  const indexFile = path.join(options.root, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (template) {
    await app.register(fastifyStatic, {
      root: options.root,
      wildcard: false,
      index: false,
      serve: true,
      preCompressed: true,
      // index.html is a template: it is only ever sent filled in, by sendPage.
      globIgnore: ['index.html', '**/*.br', '**/*.gz'],
      setHeaders(reply, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const sendPage = async (reply: FastifyReply) => {
    if (!template) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run "npm run build" (npm start does it for you).');
    }
    const html = renderIndexHtml(template, await options.clientConfig());
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  };

  app.get('/', (_request, reply) => sendPage(reply));
  app.get('/index.html', (_request, reply) => sendPage(reply));
  app.setNotFoundHandler((request, reply) => {
    const accepts = request.method === 'GET' || request.method === 'HEAD';
    const isAsset = /^\/(api|media|assets)\//.test(request.url);
    if (accepts && !isAsset) return sendPage(reply);
    return reply.status(404).send({ message: messages.server.notFound });
  });
}
