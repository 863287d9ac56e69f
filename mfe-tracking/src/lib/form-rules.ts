// The rules of the new tracking request form (spec section 5): required fields, the code types a carrier
// supports, when the container is required, and the dates.
import type { Carrier, CodeTypeKey } from '@portal/shared-api';
import { CODE_TYPE_IDS as ALL_CODE_TYPES } from '@portal/shared-api/domain';
import { isContainerNumberFormat, isIsoDate } from '@portal/shared-ui/lists';

export interface RequestFormValues {
  carrier_id: string;
  project_id: string;
  code_type: CodeTypeKey | '';
  code_value: string;
  container: string;
  client_code: string;
  contractual_eta_pod: string;
  contractual_eta_dlv: string;
  container_filter: string[];
}

export const EMPTY_FORM: RequestFormValues = {
  carrier_id: '',
  project_id: '',
  code_type: '',
  code_value: '',
  container: '',
  client_code: '',
  contractual_eta_pod: '',
  contractual_eta_dlv: '',
  container_filter: [],
};

export type FormField = keyof RequestFormValues;
/** Error keys in the 'tracking' namespace ('form.required', …) per field. */
export type FormErrors = Partial<Record<FormField, string>>;

/**
 * Whether the carrier's quality note says container number submission is needed. The API sends the note in
 * the user's language (Accept-Language), so the Spanish wording counts too.
 */
export function noteRequiresContainer(note: string | null | undefined): boolean {
  return /container numbers? submission is needed|es necesario enviar el número de contenedor/i.test(
    note ?? '',
  );
}

/** The code types the carrier supports (all three before a carrier is chosen). */
export function supportedCodeTypes(carrier: Carrier | undefined): CodeTypeKey[] {
  if (!carrier) return [...ALL_CODE_TYPES];
  return ALL_CODE_TYPES.filter((key) => carrier.request_type_support?.[key]);
}

/** The container is asked for only for bookings and B/Ls with a carrier whose quality note needs it. */
export function containerRequired(carrier: Carrier | undefined, codeType: CodeTypeKey | ''): boolean {
  return (codeType === 'b_id' || codeType === 'm_bl') && noteRequiresContainer(carrier?.ctt_quality?.note);
}

/** The container filter tags make sense only for bookings and B/Ls (a container request follows itself). */
export function showsContainerFilter(codeType: CodeTypeKey | ''): boolean {
  return codeType !== 'c_id';
}

/** Checks the form; returns the error key per field (empty when it may be sent). */
export function validateRequestForm(values: RequestFormValues, carrier: Carrier | undefined): FormErrors {
  const errors: FormErrors = {};
  if (!values.carrier_id) errors.carrier_id = 'form.required';
  if (!values.code_type) errors.code_type = 'form.required';
  else if (carrier && !supportedCodeTypes(carrier).includes(values.code_type))
    errors.code_type = 'form.notSupported';
  if (values.code_value.trim() === '') errors.code_value = 'form.required';
  if (containerRequired(carrier, values.code_type)) {
    const container = values.container.trim();
    if (container === '') errors.container = 'form.containerRequired';
    else if (!isContainerNumberFormat(container)) errors.container = 'lists:tagInput.containerFormat';
  }
  for (const field of ['contractual_eta_pod', 'contractual_eta_dlv'] as const) {
    if (values[field] !== '' && !isIsoDate(values[field])) errors[field] = 'form.invalidDate';
  }
  return errors;
}

/** The body of POST tracking-requests/ for valid form values. */
export function toCreateBody(values: RequestFormValues, carrier: Carrier | undefined) {
  const needsContainer = containerRequired(carrier, values.code_type);
  return {
    carrier_id: Number(values.carrier_id),
    project_id: values.project_id ? Number(values.project_id) : null,
    code_type: values.code_type as CodeTypeKey,
    code_value: values.code_value.trim(),
    ...(needsContainer ? { container: values.container.trim() } : {}),
    client_code: values.client_code.trim(),
    contractual_eta_pod: values.contractual_eta_pod || null,
    contractual_eta_dlv: values.contractual_eta_dlv || null,
    container_filter: showsContainerFilter(values.code_type) ? values.container_filter : [],
  };
}
