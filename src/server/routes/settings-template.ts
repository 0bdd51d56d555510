import fs from 'node:fs/promises';
import path from 'node:path';
import { type } from 'arktype';
import type { FastifyPluginAsync } from 'fastify';
import { validate } from '../http/validate.js';

/**
 * The page decorations Germinate's client loads on every page: `settings/css` (the stylesheet of the
 * administrators' primary colour) and `settings/carousel` (the home page's image carousel, per locale).
 */

/** CarouselConfig: per locale, the images (file names under the template images) with their captions. */
export const CarouselConfig = type({ '[string]': type({ name: 'string <= 255', text: 'string <= 10000' }).array().atMostLength(200) });

export function carouselFile(dataDir: string): string {
  return path.join(dataDir, 'template', 'carousel.json');
}

/** The stored carousel, or none: a missing or damaged file is an empty carousel, not a broken home page. */
export async function readCarousel(dataDir: string): Promise<typeof CarouselConfig.infer> {
  try {
    const parsed = CarouselConfig(JSON.parse(await fs.readFile(carouselFile(dataDir), 'utf8')));
    return parsed instanceof type.errors ? {} : parsed;
  } catch {
    return {};
  }
}

/** #rgb / #rrggbb → [r, g, b]. */
function rgb(colour: string): [number, number, number] {
  const hex = colour.length === 4 ? [...colour.slice(1)].map((c) => c + c).join('') : colour.slice(1);
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** The colour mixed with black (amount < 0) or white (amount > 0), as #rrggbb. */
function shade(colour: string, amount: number): string {
  const target = amount < 0 ? 0 : 255;
  const weight = Math.abs(amount);
  return `#${rgb(colour).map((c) => Math.round(c + (target - c) * weight).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The stylesheet for a primary colour: Germinate's client takes its primary, hover, darker, lighter border
 * and shadow colours from it (buttons, links, active tabs and list items, focus rings).
 */
export function primaryColourCss(primary: string): string {
  const [r, g, b] = rgb(primary);
  const hover = shade(primary, -0.15);
  const darker = shade(primary, -0.25);
  const border = shade(primary, 0.5);
  const shadow = `rgba(${r}, ${g}, ${b}, 0.5)`;
  return `:root { --primary: ${primary}; --blue: ${primary}; }
.btn-primary, .badge-primary, .bg-primary, .page-item.active .page-link, .nav-pills .nav-link.active, .list-group-item.active,
.custom-control-input:checked ~ .custom-control-label::before { background-color: ${primary} !important; border-color: ${primary} !important; }
.btn-primary:hover, .btn-primary:focus { background-color: ${hover} !important; border-color: ${darker} !important; }
.btn-primary:not(:disabled):not(.disabled):active, .btn-primary:not(:disabled):not(.disabled).active { background-color: ${darker} !important; border-color: ${darker} !important; }
.btn-outline-primary { color: ${primary}; border-color: ${primary}; }
.btn-outline-primary:hover { background-color: ${primary}; border-color: ${primary}; }
.text-primary, a, .page-link, .nav-link { color: ${primary}; }
a:hover, .page-link:hover { color: ${darker}; }
.form-control:focus, .custom-select:focus { border-color: ${border}; box-shadow: 0 0 0 0.2rem ${shadow}; }
.btn-primary:focus, .btn-primary.focus, .btn-outline-primary:focus { box-shadow: 0 0 0 0.2rem ${shadow} !important; }
.border-primary { border-color: ${primary} !important; }
`;
}

export const settingsTemplateRoutes: FastifyPluginAsync = async (app) => {
  // Germinate answers 204 when no primary colour is set: the client's default look stays.
  app.get('/settings/css', { config: { access: 'none' } }, async (_request, reply) => {
    const { colorPrimary } = await app.settings.read();
    if (!colorPrimary) return reply.code(204).send();
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(primaryColourCss(colorPrimary));
  });

  // Germinate answers a bare "NOT_FOUND" when no carousel was configured; an empty configuration is what
  // its client and ours can both show (no images), so that is the answer until an administrator sets one.
  app.get('/settings/carousel', { config: { access: 'none' } }, async () => readCarousel(app.config.dataDir));

  app.post('/settings/carousel', { config: { access: 'ADMIN' } }, async (request) => {
    const config = validate(CarouselConfig, request.body ?? null);
    const file = carouselFile(app.config.dataDir);
    await fs.mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed: a reader never sees half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temporary, JSON.stringify(config, null, 2));
    await fs.rename(temporary, file);
    return true;
  });
};
