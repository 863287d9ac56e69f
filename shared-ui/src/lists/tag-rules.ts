// How typed or pasted text becomes tags: split on the separators, container numbers accepted only in the ISO
// format (and normalized), no tag twice.
import { isContainerNumberFormat, normalizeContainerNumber } from './container-number';

/** The tags with the parts of `raw` added, and the parts not accepted. */
export function addTags(
  tags: string[],
  raw: string,
  splitOn: RegExp,
  validate: boolean,
): { next: string[]; rejected: string[] } {
  const parts = raw
    .split(splitOn)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const next = [...tags];
  const rejected: string[] = [];
  for (const part of parts) {
    if (validate && !isContainerNumberFormat(part)) {
      rejected.push(part);
      continue;
    }
    const tag = validate ? normalizeContainerNumber(part) : part;
    if (!next.includes(tag)) next.push(tag);
  }
  return { next, rejected };
}
