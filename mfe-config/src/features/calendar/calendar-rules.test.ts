import { feedCreateBody, feedLangOf, scopesFor } from './calendar-rules';

describe('calendar feed rules', () => {
  it('offers the saved-filter scope only to a user with saved filters', () => {
    expect(scopesFor(0)).toEqual(['all', 'project']);
    expect(scopesFor(2)).toEqual(['all', 'project', 'template']);
  });

  it('uses the chosen language, else the page’s', () => {
    expect(feedLangOf('es', 'en-GB')).toBe('es');
    expect(feedLangOf('', 'en-GB')).toBe('en');
    expect(feedLangOf('', 'es')).toBe('es');
    expect(feedLangOf('', undefined)).toBe('es');
  });

  it('sends the project or the saved filter only for its scope', () => {
    expect(feedCreateBody('All', 'all', 'en', '3', '4')).toEqual({ name: 'All', scope: 'all', lang: 'en' });
    expect(feedCreateBody('P', 'project', 'es', '3', '4')).toEqual({
      name: 'P',
      scope: 'project',
      lang: 'es',
      project: 3,
    });
    expect(feedCreateBody('P', 'project', 'es', '', '')).toMatchObject({ project: null });
    expect(feedCreateBody('T', 'template', 'es', '3', '4')).toEqual({
      name: 'T',
      scope: 'template',
      lang: 'es',
      template: 4,
    });
  });
});
