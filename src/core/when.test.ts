import { describe, expect, it } from 'vitest';
import type { ContextKeys } from './contracts.js';
import {
  and,
  contextKey,
  describeWhen,
  loggedIn,
  minRoleOf,
  not,
  or,
  paneFocused,
  predicate,
  roleAtLeast,
  selection,
  type When,
} from './when.js';

function ctx(overrides: Partial<ContextKeys> = {}): ContextKeys {
  return { authMode: 'NONE', role: null, focusedPane: null, selectionCount: 0, ...overrides };
}

describe('roleAtLeast', () => {
  it('follows the role hierarchy', () => {
    const curator = roleAtLeast('DATA_CURATOR');
    expect(curator(ctx({ role: null }))).toBe(false);
    expect(curator(ctx({ role: 'AUTH_USER' }))).toBe(false);
    expect(curator(ctx({ role: 'DATA_CURATOR' }))).toBe(true);
    expect(curator(ctx({ role: 'ADMIN' }))).toBe(true);
    expect(curator.description).toBe('role >= DATA_CURATOR');
    expect(curator.describe()).toBe('role >= DATA_CURATOR');
    expect(curator.minRole).toBe('DATA_CURATOR');
  });

  it('rejects a role that does not exist', () => {
    expect(() => roleAtLeast('ROOT' as 'ADMIN')).toThrow(/Unknown role: ROOT/);
  });
});

describe('loggedIn', () => {
  it('is true for any role and false without one', () => {
    expect(loggedIn(ctx())).toBe(false);
    expect(loggedIn(ctx({ role: 'AUTH_USER' }))).toBe(true);
    expect(loggedIn.description).toBe('loggedIn');
    expect(loggedIn.minRole).toBe('AUTH_USER');
  });
});

describe('paneFocused', () => {
  it('compares the focused pane type', () => {
    const passport = paneFocused('germplasm:passport');
    expect(passport(ctx({ focusedPane: 'germplasm:passport' }))).toBe(true);
    expect(passport(ctx({ focusedPane: 'germplasm:table' }))).toBe(false);
    expect(passport(ctx())).toBe(false);
    expect(passport.description).toBe('focusedPane == "germplasm:passport"');
    expect(passport.minRole).toBeNull();
    expect(() => paneFocused('')).toThrow(TypeError);
  });
});

describe('selection', () => {
  it('has an open upper bound without max', () => {
    const some = selection(1);
    expect(some(ctx({ selectionCount: 0 }))).toBe(false);
    expect(some(ctx({ selectionCount: 1 }))).toBe(true);
    expect(some(ctx({ selectionCount: 10_000 }))).toBe(true);
    expect(some.description).toBe('selectionCount >= 1');
  });

  it('is inclusive on both ends', () => {
    const two = selection(2, 3);
    expect([1, 2, 3, 4].map((selectionCount) => two(ctx({ selectionCount })))).toEqual([false, true, true, false]);
    expect(two.description).toBe('selectionCount in 2..3');
    expect(selection(1, 1).description).toBe('selectionCount == 1');
  });

  it('rejects impossible ranges', () => {
    expect(() => selection(-1)).toThrow(RangeError);
    expect(() => selection(1.5)).toThrow(RangeError);
    expect(() => selection(3, 2)).toThrow(/max must be/);
    expect(() => selection(0, Number.NaN)).toThrow(RangeError);
  });
});

describe('contextKey', () => {
  it('compares core and namespaced plugin keys', () => {
    const full = contextKey('authMode', 'FULL');
    expect(full(ctx({ authMode: 'FULL' }))).toBe(true);
    expect(full(ctx({ authMode: 'SELECTIVE' }))).toBe(false);
    expect(full.description).toBe('authMode == "FULL"');

    const map = contextKey('germplasm.hasLocation', true);
    expect(map(ctx({ 'germplasm.hasLocation': true }))).toBe(true);
    expect(map(ctx({ 'germplasm.hasLocation': 'true' }))).toBe(false);
    expect(map(ctx())).toBe(false);
    expect(map.description).toBe('germplasm.hasLocation == true');
  });

  it('knows that a role equality implies that role', () => {
    expect(contextKey('role', 'ADMIN').minRole).toBe('ADMIN');
    expect(contextKey('role', null).minRole).toBeNull();
    expect(contextKey('focusedPane', 'germplasm:table').minRole).toBeNull();
  });

  it('rejects names that are neither core nor namespaced', () => {
    expect(() => contextKey('selected' as 'role', null)).toThrow(/namespaced plugin key/);
    expect(() => contextKey('.x' as 'role', null)).toThrow(/namespaced/);
  });
});

describe('and / or / not', () => {
  const admin = roleAtLeast('ADMIN');
  const curator = roleAtLeast('DATA_CURATOR');
  const some = selection(1);

  it('combine results', () => {
    const both = and(curator, some);
    expect(both(ctx({ role: 'ADMIN', selectionCount: 1 }))).toBe(true);
    expect(both(ctx({ role: 'ADMIN' }))).toBe(false);
    const either = or(admin, some);
    expect(either(ctx({ selectionCount: 2 }))).toBe(true);
    expect(either(ctx())).toBe(false);
    expect(not(loggedIn)(ctx())).toBe(true);
    expect(not(loggedIn)(ctx({ role: 'AUTH_USER' }))).toBe(false);
  });

  it('short-circuit in order', () => {
    let calls = 0;
    const counted = predicate('counted', () => {
      calls += 1;
      return true;
    });
    and(not(loggedIn), counted)(ctx({ role: 'ADMIN' }));
    or(loggedIn, counted)(ctx({ role: 'ADMIN' }));
    expect(calls).toBe(0);
  });

  it('describe with parentheses only where precedence needs them', () => {
    expect(and(curator, or(some, loggedIn)).description).toBe(
      'role >= DATA_CURATOR && (selectionCount >= 1 || loggedIn)',
    );
    expect(or(and(curator, some), loggedIn).description).toBe(
      'role >= DATA_CURATOR && selectionCount >= 1 || loggedIn',
    );
    expect(not(loggedIn).description).toBe('!loggedIn');
    expect(not(curator).description).toBe('!(role >= DATA_CURATOR)');
    expect(not(and(curator, some)).description).toBe('!(role >= DATA_CURATOR && selectionCount >= 1)');
    expect(not(not(loggedIn)).description).toBe('!!loggedIn');
    expect(and(not(loggedIn), some).description).toBe('!loggedIn && selectionCount >= 1');
  });

  it('derive the role a composite certainly needs', () => {
    expect(and(curator, some).minRole).toBe('DATA_CURATOR');
    expect(and(loggedIn, admin, curator).minRole).toBe('ADMIN');
    expect(or(admin, curator).minRole).toBe('DATA_CURATOR');
    // One branch without a role lets anyone through.
    expect(or(admin, some).minRole).toBeNull();
    expect(not(admin).minRole).toBeNull();
  });

  it('return a lone part unchanged and refuse empty or foreign parts', () => {
    expect(and(some)).toBe(some);
    expect(or(some)).toBe(some);
    expect(() => and()).toThrow(/at least one/);
    expect(() => or()).toThrow(/at least one/);
    const plain = (() => true) as unknown as When;
    expect(() => and(some, plain)).toThrow(/built with core\/when/);
    expect(() => not(plain)).toThrow(/built with core\/when/);
  });

  it('are frozen so a description cannot drift from the test', () => {
    const when = and(curator, some);
    expect(Object.isFrozen(when)).toBe(true);
    expect(() => {
      (when as { description: string }).description = 'anything';
    }).toThrow(TypeError);
  });
});

describe('predicate, describeWhen, minRoleOf', () => {
  it('wraps a custom test with its description', () => {
    const many = predicate('germplasm.markedCount > 0', (context) => Number(context['germplasm.markedCount']) > 0);
    expect(many(ctx({ 'germplasm.markedCount': 3 }))).toBe(true);
    expect(many(ctx())).toBe(false);
    expect(not(many).description).toBe('!(germplasm.markedCount > 0)');
    expect(predicate('x', () => true, 'ADMIN').minRole).toBe('ADMIN');
    expect(() => predicate('  ', () => true)).toThrow(/description/);
  });

  it('describes any when, including plain functions', () => {
    expect(describeWhen(undefined)).toBeNull();
    expect(describeWhen(roleAtLeast('ADMIN'))).toBe('role >= ADMIN');
    function hasMap(): boolean {
      return true;
    }
    expect(describeWhen(hasMap)).toBe('custom: hasMap');
    expect(describeWhen(() => true)).toBe('custom');
    expect(describeWhen({ when: () => true }.when)).toBe('custom');
    expect(minRoleOf(roleAtLeast('ADMIN'))).toBe('ADMIN');
    expect(minRoleOf(() => true)).toBeNull();
    expect(minRoleOf(undefined)).toBeNull();
  });
});
