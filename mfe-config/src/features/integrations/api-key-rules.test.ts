import { canTakeOver, keyCreateBody, keyUpdateBody } from './api-key-rules';
import { localDayStart } from './format';

describe('API key rules', () => {
  it('a create sends the limit and the expiry only when given', () => {
    expect(keyCreateBody('ERP', 'read', '', '')).toEqual({ name: 'ERP', scope: 'read' });
    expect(keyCreateBody('ERP', 'read_write', '120', '2027-03-01')).toEqual({
      name: 'ERP',
      scope: 'read_write',
      rate_limit_per_minute: 120,
      expires_at: localDayStart('2027-03-01'),
    });
  });

  it('a change keeps an unchanged expiry out, and sends null for a cleared one', () => {
    const expiresAt = localDayStart('2027-03-01');
    expect(keyUpdateBody({ expires_at: expiresAt }, '300', '2027-03-01')).toEqual({
      rate_limit_per_minute: 300,
    });
    expect(keyUpdateBody({ expires_at: expiresAt }, '', '')).toEqual({ expires_at: null });
    expect(keyUpdateBody({ expires_at: null }, '60', '2027-04-02')).toEqual({
      rate_limit_per_minute: 60,
      expires_at: localDayStart('2027-04-02'),
    });
    expect(keyUpdateBody({ expires_at: null }, '', '')).toEqual({});
  });

  it('a suspended key or another user’s key can be taken over', () => {
    expect(canTakeOver({ status: 'suspended', owner_id: 1 }, { id: 1 })).toBe(true);
    expect(canTakeOver({ status: 'active', owner_id: 2 }, { id: 1 })).toBe(true);
    expect(canTakeOver({ status: 'active', owner_id: 1 }, { id: 1 })).toBe(false);
    expect(canTakeOver({ status: 'active', owner_id: 2 }, null)).toBe(false);
  });
});
