import { issue, type ImportIssue, type ParsedFile, type TemplateImporter } from '../../../server/import/importer.js';
import { loadResolvers, unresolvedStatus, type ItemResolver } from './groups-items.js';
import { checkLayout, GROUP_SHEETS, readGroupSheet, type GroupSheet, type MemberKind } from './groups-sheet.js';
import { existingGroups, existingIssues } from './groups-existing.js';
import { writeGroups } from './groups-write.js';

/** The template's group sheets that the file has, in template order (other sheets, e.g. EXAMPLE, are ignored). */
export function groupSheets(file: ParsedFile): GroupSheet[] {
  return GROUP_SHEETS.flatMap(({ name, kind, grouptypeId }) => {
    const sheet = file.sheets.get(name);
    return sheet ? [readGroupSheet(sheet, kind, grouptypeId)] : [];
  });
}

/**
 * Germinate's groups template (datatype `groups`, docs/import-templates.md): sheets GERMPLASM, MARKERS and
 * LOCATIONS, one group per column. Every problem is reported at every occurrence.
 */
export const groupsImporter: TemplateImporter = {
  type: 'groups',
  extensions: ['.xlsx'],

  async check(file, target, options) {
    const sheets = groupSheets(file);
    if (sheets.length === 0) {
      const names = GROUP_SHEETS.map((s) => s.name).join(', ');
      return [issue('GENERIC_MISSING_EXCEL_SHEET', -1, { value: names, message: `None of the sheets ${names} was found` })];
    }
    let issues: ImportIssue[] = [];
    if (sheets.every((s) => s.columns.length === 0)) {
      issues.push(issue('GENERIC_MISSING_REQUIRED_VALUE', -1, { message: 'The file defines no groups' }));
    }
    const resolvers = await loadResolvers(target, new Set(sheets.map((s) => s.kind)));
    for (const sheet of sheets) {
      options.signal?.throwIfAborted();
      issues = issues.concat(checkLayout(sheet), checkItems(sheet, resolvers));
    }
    issues = issues.concat(existingIssues(sheets, await existingGroups(target, sheets, options.userId ?? null), options.update));
    options.progress?.(1);
    return issues;
  },

  write(file, target, options) {
    return writeGroups(groupSheets(file), target, options);
  },
};

/** Check 4: every item identifier must name a stored germplasm, marker or location. */
function checkItems(sheet: GroupSheet, resolvers: Map<MemberKind, ItemResolver>): ImportIssue[] {
  const resolver = resolvers.get(sheet.kind);
  if (!resolver) return [];
  if (!resolver.available) {
    // No markers table yet (the genotype domain brings it): the sheet is left out rather than failing the file.
    if (sheet.columns.length === 0) return [];
    return [issue('GROUP_MARKERS_UNAVAILABLE', -1, {
      sheet: sheet.name, type: 'WARNING',
      message: `This database holds no markers yet; the sheet's ${sheet.columns.length} group(s) are not imported`,
    })];
  }
  const issues: ImportIssue[] = [];
  for (const member of sheet.members) {
    if (member.identifier === null) continue;
    const status = unresolvedStatus(sheet.kind, resolver.resolve(member.identifier));
    if (status) issues.push(issue(status, member.row, { sheet: sheet.name, column: 'A', value: member.identifier, message: member.identifier }));
  }
  return issues;
}
