/**
 * Password strength in five levels (too guessable … very unguessable), from @zxcvbn-ts (the maintained
 * successor of the zxcvbn that Germinate's client uses). The dictionaries are large, so they load on
 * first use: the client pulls them into the registration chunk only, the server once per process.
 */

/** 0 too guessable · 1 very guessable · 2 somewhat guessable · 3 safely unguessable · 4 very unguessable */
export type StrengthLevel = 0 | 1 | 2 | 3 | 4;

/** Message keys of the five levels, weakest first. */
export const STRENGTH_LEVEL_KEYS = [
  'password.strength.0',
  'password.strength.1',
  'password.strength.2',
  'password.strength.3',
  'password.strength.4',
] as const;

/** The weakest level a new account's password may have (the server refuses weaker ones). */
export const MINIMUM_STRENGTH: StrengthLevel = 2;

type Checker = (password: string, userInputs: string[]) => StrengthLevel;
let checker: Promise<Checker> | null = null;

async function load(): Promise<Checker> {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  const zxcvbn = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return (password, userInputs) => zxcvbn.check(password, userInputs).score as StrengthLevel;
}

/** The level of a password; user inputs (username, name, email) count as guessable words. */
export async function passwordStrength(password: string, userInputs: string[] = []): Promise<StrengthLevel> {
  checker ??= load();
  return (await checker)(password, userInputs.filter((s) => s.trim() !== ''));
}
