import type { UserSummary } from '@portal/shared-api';
import { candidatesFor, displayName, exactMatch } from './user-match';

const user = (id: number, username: string, first = '', last = '', email = ''): UserSummary => ({
  id,
  username,
  first_name: first,
  last_name: last,
  email,
});
const ana = user(1, 'ana', 'Ana', 'Gil', 'ana@x.com');
const anabel = user(2, 'anabel', 'Anabel', 'Ruiz', 'anabel@x.com');
const bot = user(3, 'bot');

describe('finding a user', () => {
  it('shows the full name with the username, or the username alone', () => {
    expect(displayName(ana)).toBe('Ana Gil (ana)');
    expect(displayName(bot)).toBe('bot');
  });

  it('offers the users that contain the text, without the excluded ones', () => {
    expect(candidatesFor([ana, anabel, bot], [], '')).toEqual([ana, anabel, bot]);
    expect(candidatesFor([ana, anabel, bot], [], ' ANA ')).toEqual([ana, anabel]);
    expect(candidatesFor([ana, anabel, bot], [1], 'ana')).toEqual([anabel]);
    expect(candidatesFor([ana, anabel, bot], [], 'ruiz')).toEqual([anabel]);
  });

  it('names one user exactly by username, e-mail, full name or shown name', () => {
    const all = [ana, anabel, bot];
    expect(exactMatch(all, 'ANA')).toBe(ana);
    expect(exactMatch(all, 'anabel@x.com')).toBe(anabel);
    expect(exactMatch(all, 'Ana Gil')).toBe(ana);
    expect(exactMatch(all, 'Ana Gil (ana)')).toBe(ana);
    expect(exactMatch(all, 'an')).toBeUndefined();
    expect(exactMatch(all, '  ')).toBeUndefined();
  });
});
