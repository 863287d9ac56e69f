import type { UserSummary } from '@portal/shared-api';
import { idsWith, idsWithout } from './group-lists';

const users = [{ id: 3 }, { id: 7 }, { id: 9 }] as UserSummary[];

describe('group user lists', () => {
  it('adds a user at the end', () => {
    expect(idsWith(users, 11)).toEqual([3, 7, 9, 11]);
    expect(idsWith([], 1)).toEqual([1]);
  });

  it('removes a user and keeps the others in order', () => {
    expect(idsWithout(users, 7)).toEqual([3, 9]);
    expect(idsWithout(users, 42)).toEqual([3, 7, 9]);
  });
});
