import { describe, expect, it } from 'vitest';
import { distinctUnits, formFromTrait, parseCategories, parseNumber, traitFormProblems, traitPatchBody, type TraitForm } from './edit-form.js';
import { unifyRequest, withoutTrait, withTrait } from './unify.js';

const form = (change: Partial<TraitForm>): TraitForm => ({
  name: 'Plant height', shortName: 'PH', description: '', dataType: 'numeric', unitId: '2', min: '', max: '', categories: '', ...change,
});

describe('the trait form', () => {
  it('reads a trait, restrictions included', () => {
    expect(formFromTrait({ traitId: 5, traitName: 'Row type', dataType: 'categorical', traitRestrictions: { categories: [['2', '6'], ['two', 'six']] } })).toEqual({
      name: 'Row type', shortName: '', description: '', dataType: 'categorical', unitId: '', min: '', max: '', categories: '2, 6\ntwo, six',
    });
    expect(formFromTrait({ traitId: 4, traitName: 'PH', dataType: 'numeric', unitId: 2, traitRestrictions: { min: 0, max: 200.5 } })).toMatchObject({ unitId: '2', min: '0', max: '200.5' });
    expect(formFromTrait({ traitId: 1, traitName: 'x', dataType: 'odd' }).dataType).toBe('text');
  });

  it('reads numbers with a decimal comma and category lists line by line', () => {
    expect(parseNumber(' 0,5 ')).toBe(0.5);
    expect(parseNumber('')).toBeNull();
    expect(parseNumber('1e')).toBe('invalid');
    expect(parseCategories('red, white,\n\n rot , weiß')).toEqual([['red', 'white'], ['rot', 'weiß']]);
  });

  it('finds what the server would refuse', () => {
    expect(traitFormProblems(form({}))).toEqual({});
    expect(traitFormProblems(form({ name: ' ', shortName: 'x'.repeat(11) }))).toEqual({ name: 'nameRequired', shortName: 'shortNameTooLong' });
    expect(traitFormProblems(form({ name: 'x'.repeat(256) }))).toEqual({ name: 'nameTooLong' });
    expect(traitFormProblems(form({ min: 'a', max: '5' }))).toEqual({ min: 'numberInvalid' });
    expect(traitFormProblems(form({ min: '10', max: '5' }))).toEqual({ max: 'minAboveMax' });
    expect(traitFormProblems(form({ dataType: 'categorical', categories: 'a, b\nc' }))).toEqual({ categories: 'categoriesLength' });
    // A range typed for a categorical trait is not sent, so it is not checked either.
    expect(traitFormProblems(form({ dataType: 'categorical', min: 'a' }))).toEqual({});
  });

  it('sends the whole trait: restrictions of its data type, the unit, cleared texts as null', () => {
    expect(traitPatchBody(4, form({ min: '0', max: '' , description: ' ' }))).toEqual({
      id: 4, name: 'Plant height', shortName: 'PH', description: null, datatype: 'numeric', unitId: 2, restrictions: { min: 0 },
    });
    expect(traitPatchBody(5, form({ dataType: 'categorical', unitId: '', min: '1', categories: 'red, white' }))).toMatchObject({
      datatype: 'categorical', unitId: null, restrictions: { categories: [['red', 'white']] },
    });
    expect(traitPatchBody(6, form({ dataType: 'text', min: '1', max: '2' })).restrictions).toBeNull();
    expect(traitPatchBody(6, form({ min: '', max: '' })).restrictions).toBeNull();
  });

  it('offers each unit once, by name', () => {
    expect(distinctUnits([
      { unitId: 2, unitName: 'Centimeters', unitAbbreviation: 'cm' },
      { unitId: null },
      { unitId: 1, unitName: 'Date', unitAbbreviation: 'd' },
      { unitId: 2, unitName: 'Centimeters', unitAbbreviation: 'cm' },
    ])).toEqual([
      { unitId: 2, unitName: 'Centimeters', unitAbbreviation: 'cm' },
      { unitId: 1, unitName: 'Date', unitAbbreviation: 'd' },
    ]);
  });
});

describe('trait unification', () => {
  it('needs two traits, one of them preferred', () => {
    expect(unifyRequest([4], 4)).toBe('needTwo');
    expect(unifyRequest([4, 4], 4)).toBe('needTwo');
    expect(unifyRequest([4, 5], null)).toBe('needPreferred');
    expect(unifyRequest([4, 5], 9)).toBe('needPreferred');
    expect(unifyRequest([4, 5, 6], 5)).toEqual({ preferredTraitId: 5, otherTraitIds: [4, 6] });
    expect(withTrait(withTrait([4], 5), 4)).toEqual([4, 5]);
    expect(withoutTrait([4, 5], 4)).toEqual([5]);
  });
});
