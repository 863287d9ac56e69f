// The rules of the calendar feeds card that need no screen: the scopes offered, the feed's language and what a
// create sends.
import type { CalendarFeedLang, CalendarFeedScope } from './api';

/** A saved filter can be followed only when the user has some. */
export const scopesFor = (savedFilterCount: number): CalendarFeedScope[] =>
  savedFilterCount > 0 ? ['all', 'project', 'template'] : ['all', 'project'];

/** The chosen language, or the page's language until one is chosen. */
export const feedLangOf = (chosen: CalendarFeedLang | '', uiLanguage: string | undefined): CalendarFeedLang =>
  chosen || (uiLanguage?.startsWith('en') ? 'en' : 'es');

/** The create call's body: the project or the saved filter only for its scope (null when none was chosen). */
export function feedCreateBody(
  name: string,
  scope: CalendarFeedScope,
  lang: CalendarFeedLang,
  project: string,
  template: string,
) {
  return {
    name,
    scope,
    lang,
    ...(scope === 'project' ? { project: project ? Number(project) : null } : {}),
    ...(scope === 'template' ? { template: template ? Number(template) : null } : {}),
  };
}
