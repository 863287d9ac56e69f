// ISO 6346 container numbers: the tag format of spec section 5 and the check digit, from the domain module the
// API imports too (@portal/shared-api/domain); re-exported here so the list building blocks keep their API.
export {
  CONTAINER_NUMBER_PATTERN,
  containerCheckDigit,
  hasValidCheckDigit,
  isContainerNumberFormat,
  normalizeContainerNumber,
} from '@portal/shared-api/domain';
