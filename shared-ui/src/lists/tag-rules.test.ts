import { addTags } from './tag-rules';

const SPLIT = /[\s,]+/;

describe('addTags', () => {
  it('adds container numbers normalized, once each, and returns those not in the ISO format', () => {
    const { next, rejected } = addTags(
      ['MSKU1234565'],
      'MSCU123456-6, MSKU123456-5 abcu1234565',
      SPLIT,
      true,
    );
    expect(next).toEqual(['MSKU1234565', 'MSCU1234566']);
    expect(rejected).toEqual(['abcu1234565']);
  });

  it('takes any text when not validating', () => {
    expect(addTags([], 'a@x.com b@y.com  a@x.com', /\s+/, false)).toEqual({
      next: ['a@x.com', 'b@y.com'],
      rejected: [],
    });
  });

  it('leaves the tags as they are for blank text', () => {
    expect(addTags(['X'], ' , ', SPLIT, true)).toEqual({ next: ['X'], rejected: [] });
  });
});
