import { negativeAdvance, withValidity } from './field-validity';

describe('field validity', () => {
  it('adds an invalid key and removes it once valid; no change keeps the same set', () => {
    const empty = new Set<string>();
    expect(withValidity(empty, 'a', true)).toBe(empty);
    const one = withValidity(empty, 'a', false);
    expect([...one]).toEqual(['a']);
    expect(withValidity(one, 'a', false)).toBe(one);
    expect([...withValidity(one, 'a', true)]).toEqual([]);
  });

  it('makes a positive days-in-advance number negative', () => {
    expect(negativeAdvance(' 5 ')).toBe('-5');
    expect(negativeAdvance('007')).toBe('-7');
    expect(negativeAdvance('0')).toBeNull();
    expect(negativeAdvance('-3')).toBeNull();
    expect(negativeAdvance('x')).toBeNull();
  });
});
