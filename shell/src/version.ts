/** The application version shown in the footer (spec section 1). */
export const APP_VERSION = 'v23.09.03';

/** First year of the copyright notice (spec section 2, "Footer"). */
export const COPYRIGHT_START_YEAR = 2017;
