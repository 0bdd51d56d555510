import { describe, expect, it } from 'vitest';
import { MINIMUM_STRENGTH, passwordStrength } from './password-strength.js';

describe('passwordStrength', () => {
  it('rates dictionary words and keyboard walks too guessable and long random phrases very unguessable', async () => {
    expect(await passwordStrength('password')).toBe(0);
    expect(await passwordStrength('qwerty123')).toBeLessThan(MINIMUM_STRENGTH);
    expect(await passwordStrength('correct-horse-battery-staple-9731')).toBe(4);
  });

  it('counts the user’s own name and username as guessable', async () => {
    const alone = await passwordStrength('MargaretHamilton1936');
    const withName = await passwordStrength('MargaretHamilton1936', ['margaret', 'hamilton', 'MargaretHamilton']);
    expect(withName).toBeLessThan(alone);
  });
});
