// The container size/type group a rule is scoped to, from the ISO 6346 size-type code the carrier sent (22G1,
// 45R1, ...): the first character is the length (2 = 20 ft, 4 = 40 ft, L = 45 ft), the second the height
// (5 = 9'6" high cube), the third the type group (G general, R reefer, U open top, P platform, T tank).
import { FREE_TIME_CONTAINER_TYPES, type FreeTimeContainerType } from '@portal/shared-api/domain';

const ISO_PATTERN = /^([24L])([0-9A-Z])([A-Z])[0-9A-Z]$/;

function groupOf(length: string, height: string, type: string): FreeTimeContainerType | null {
  const highCube = height === '5';
  switch (type) {
    case 'G':
    case 'V':
      if (length === 'L') return '45HC';
      if (length === '2') return '20DV';
      return highCube ? '40HC' : '40DV';
    case 'R':
      return length === '2' ? '20RF' : length === '4' ? '40RF' : null;
    case 'U':
      return length === '2' ? '20OT' : length === '4' ? '40OT' : null;
    case 'P':
      return length === '2' ? '20FR' : length === '4' ? '40FR' : null;
    case 'T':
      return length === '2' ? '20TK' : null;
    default:
      return null;
  }
}

/**
 * The group of a container: from its ISO size-type code, else from a type text that already names a group
 * ('40HC'); null when neither says.
 */
export function containerTypeGroup(
  iso: string | null | undefined,
  text?: string | null,
): FreeTimeContainerType | null {
  const match = ISO_PATTERN.exec((iso ?? '').trim().toUpperCase());
  if (match) {
    const group = groupOf(match[1], match[2], match[3]);
    if (group) return group;
  }
  const named = (text ?? '').replace(/[\s'-]/g, '').toUpperCase();
  return (FREE_TIME_CONTAINER_TYPES as readonly string[]).includes(named)
    ? (named as FreeTimeContainerType)
    : null;
}
