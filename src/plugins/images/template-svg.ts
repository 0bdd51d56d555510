import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { sendError } from '../../server/http/errors.js';

/**
 * `image/src-svg/{name}`: the SVG images of the installation's look (DATA_DIR/images/template/<name>), which
 * Germinate's client loads on every page (its logos and the crop icon). Where an installation configured
 * none, the built-in neutral Germinate Workspace ones below answer, so no page load ends in a 404.
 */

const MARK = `<g fill="none" stroke-linecap="round" stroke-linejoin="round">
    <path d="M32 58V30" stroke="#2f6b3a" stroke-width="4"/>
    <path d="M32 36c-10 0-17-7-17-17 10 0 17 7 17 17z" fill="#5a9e4b" stroke="#2f6b3a" stroke-width="3"/>
    <path d="M32 30c0-11 8-19 19-19 0 11-8 19-19 19z" fill="#8cc26b" stroke="#2f6b3a" stroke-width="3"/>
  </g>`;

export const BUILT_IN_SVGS: Readonly<Record<string, string>> = {
  'logo.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="Germinate Workspace">
  <title>Germinate Workspace</title>
  <rect x="2" y="2" width="60" height="60" rx="12" fill="#f3f7f0" stroke="#2f6b3a" stroke-width="2"/>
  ${MARK}
</svg>
`,
  'logo-horizontal.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 64" width="320" height="64" role="img" aria-label="Germinate Workspace">
  <title>Germinate Workspace</title>
  ${MARK}
  <text x="66" y="41" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" font-size="26" font-weight="600" fill="#2f6b3a">Germinate Workspace</text>
</svg>
`,
  'crop.svg': `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" role="img" aria-label="Crop">
  <title>Crop</title>
  <g fill="#c9a227" stroke="#8a6d12" stroke-width="1.5">
    <path d="M32 60V14" fill="none" stroke-width="3" stroke-linecap="round"/>
    <ellipse cx="26" cy="20" rx="4" ry="7" transform="rotate(-25 26 20)"/>
    <ellipse cx="38" cy="20" rx="4" ry="7" transform="rotate(25 38 20)"/>
    <ellipse cx="26" cy="32" rx="4" ry="7" transform="rotate(-25 26 32)"/>
    <ellipse cx="38" cy="32" rx="4" ry="7" transform="rotate(25 38 32)"/>
    <ellipse cx="26" cy="44" rx="4" ry="7" transform="rotate(-25 26 44)"/>
    <ellipse cx="38" cy="44" rx="4" ry="7" transform="rotate(25 38 44)"/>
    <ellipse cx="32" cy="10" rx="3.5" ry="6"/>
  </g>
</svg>
`,
};

const SVG_TYPE = 'image/svg+xml';
/** An SVG opened on its own is a document: scripts in an uploaded one must not run in our origin. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

export const templateSvgRoutes: FastifyPluginAsync = async (app) => {
  // No token check, even under FULL: the login page shows the logo (as in Germinate).
  app.get<{ Params: { name: string } }>('/image/src-svg/:name', { config: { access: 'none' } }, async (request, reply) => {
    const { name } = request.params;
    const folder = path.resolve(app.config.dataDir, 'images', 'template');
    const file = path.resolve(folder, name);
    if (path.dirname(file) !== folder) return sendError(reply, 403);
    try {
      const content = await fs.readFile(file);
      return reply.type(SVG_TYPE).header('content-security-policy', SVG_POLICY).send(content);
    } catch {
      const builtIn = Object.hasOwn(BUILT_IN_SVGS, name) ? BUILT_IN_SVGS[name] : undefined;
      if (builtIn === undefined) return sendError(reply, 404);
      return reply.type(SVG_TYPE).header('content-security-policy', SVG_POLICY).send(builtIn);
    }
  });
};
