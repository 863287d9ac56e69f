// Messages both sides give for the same mistake (spec texts).

/** A date that is not a real yyyy-MM-dd day (spec: 'Invalid date'). */
export const INVALID_DATE = 'Invalid date';
