import { hasPreviousEntry } from './BackButton';

describe('hasPreviousEntry', () => {
  it('is true only past the first entry of the portal (react-router history.state.idx)', () => {
    expect(hasPreviousEntry({ idx: 2, key: 'x', usr: null })).toBe(true);
    expect(hasPreviousEntry({ idx: 0, key: 'x', usr: null })).toBe(false);
    expect(hasPreviousEntry(null)).toBe(false);
    expect(hasPreviousEntry(undefined)).toBe(false);
  });
});
