// ISO 6346 container numbers: the check lives in the domain module both sides import (@portal/shared-api/domain).
export { iso6346CheckDigit, isValidContainerNumber } from '@portal/shared-api/domain';
