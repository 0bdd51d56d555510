/**
 * The licences a new database offers (Germinate seeds the same seven, ids 1–7): the Creative Commons 4.0
 * licences and the Open Data Commons Attribution licence, each with a short summary per language and a
 * link to its legal code, which is what binds. Administrators edit or delete them like any other.
 */
interface SeedLicence {
  id: number;
  name: string;
  description: string;
  url: string;
  /** What the licence allows and asks, in a sentence: English, German. */
  summary: [string, string];
}

const CC = 'https://creativecommons.org/licenses';
const ATTRIBUTION: [string, string] = ['with credit to the creators', 'unter Nennung der Urheber'];
const cc = (id: number, code: string, title: string, allows: [string, string]): SeedLicence => ({
  id,
  name: `CC ${code.toUpperCase()}`,
  description: `Creative Commons ${title} 4.0 International`,
  url: `${CC}/${code}/4.0/legalcode`,
  summary: allows,
});

export const SEED_LICENCES: readonly SeedLicence[] = [
  cc(1, 'by', 'Attribution', [`Share and adapt for any purpose, ${ATTRIBUTION[0]}.`, `Teilen und bearbeiten für jeden Zweck, ${ATTRIBUTION[1]}.`]),
  cc(2, 'by-sa', 'Attribution-ShareAlike', [
    `Share and adapt for any purpose, ${ATTRIBUTION[0]}; adaptations under the same licence.`,
    `Teilen und bearbeiten für jeden Zweck, ${ATTRIBUTION[1]}; Bearbeitungen unter derselben Lizenz.`,
  ]),
  cc(3, 'by-nd', 'Attribution-NoDerivatives', [`Share unchanged for any purpose, ${ATTRIBUTION[0]}.`, `Unverändert teilen für jeden Zweck, ${ATTRIBUTION[1]}.`]),
  cc(4, 'by-nc', 'Attribution-NonCommercial', [`Share and adapt for non-commercial purposes, ${ATTRIBUTION[0]}.`, `Teilen und bearbeiten für nicht kommerzielle Zwecke, ${ATTRIBUTION[1]}.`]),
  cc(5, 'by-nc-sa', 'Attribution-NonCommercial-ShareAlike', [
    `Share and adapt for non-commercial purposes, ${ATTRIBUTION[0]}; adaptations under the same licence.`,
    `Teilen und bearbeiten für nicht kommerzielle Zwecke, ${ATTRIBUTION[1]}; Bearbeitungen unter derselben Lizenz.`,
  ]),
  cc(6, 'by-nc-nd', 'Attribution-NonCommercial-NoDerivatives', [
    `Share unchanged for non-commercial purposes, ${ATTRIBUTION[0]}.`,
    `Unverändert teilen für nicht kommerzielle Zwecke, ${ATTRIBUTION[1]}.`,
  ]),
  {
    id: 7,
    name: 'ODC-By',
    description: 'Open Data Commons Attribution License 1.0',
    url: 'https://opendatacommons.org/licenses/by/1-0/',
    summary: [`Share, adapt and build on the database for any purpose, ${ATTRIBUTION[0]}.`, `Die Datenbank teilen, bearbeiten und weiterverwenden für jeden Zweck, ${ATTRIBUTION[1]}.`],
  },
];

/** A licence's text in one language: its summary and where the legal code is (HTML, as licensedata holds). */
export function seedContent(licence: SeedLicence, language: 0 | 1): string {
  const link = language === 0 ? 'The legal code' : 'Der Lizenztext';
  const binds = language === 0 ? 'is what binds' : 'ist maßgeblich';
  return `<p><strong>${licence.description}</strong></p><p>${licence.summary[language]}</p><p>${link} (<a href="${licence.url}">${licence.url}</a>) ${binds}.</p>`;
}
