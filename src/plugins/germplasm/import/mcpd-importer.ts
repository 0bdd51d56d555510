import type { TemplateImporter } from '../../../server/import/importer.js';

/** Placeholder until the MCPD importer lands. */
export const mcpdImporter: TemplateImporter = {
  type: 'mcpd',
  extensions: ['.xlsx', '.txt', '.tsv', '.csv'],
  async check() {
    return [];
  },
  async write() {
    return {};
  },
};
