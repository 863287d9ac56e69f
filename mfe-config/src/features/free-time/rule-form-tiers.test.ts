import { tierFieldsOf, tierLabelKey } from './rule-form';

describe('the tariffs of a free-time rule', () => {
  it('has demurrage and detention tariffs when separate, one combined otherwise', () => {
    expect(tierFieldsOf('separate')).toEqual(['demurrage_tiers', 'detention_tiers']);
    expect(tierFieldsOf('combined')).toEqual(['combined_tiers']);
  });

  it('labels each tariff', () => {
    expect(tierLabelKey('demurrage_tiers')).toBe('demurrageTiers');
    expect(tierLabelKey('detention_tiers')).toBe('detentionTiers');
    expect(tierLabelKey('combined_tiers')).toBe('combinedTiers');
  });
});
