import { useId, type ReactNode } from 'react';

export type FieldProps = {
  id: string;
  label?: ReactNode;
  hint?: ReactNode;
  error?: string | string[];
  className?: string;
  children: ReactNode;
};

/** Normalises `error` to a list of non-empty messages. */
export function errorMessages(error: string | string[] | undefined): string[] {
  if (!error) return [];
  return (Array.isArray(error) ? error : [error]).filter((m) => m !== '');
}

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** Builds aria-describedby for a control with optional hint and error texts. */
function describedBy(id: string, hint: ReactNode, error: string | string[] | undefined, extra?: string) {
  const ids = [extra, hint ? hintId(id) : undefined, errorMessages(error).length ? errorId(id) : undefined];
  return ids.filter(Boolean).join(' ') || undefined;
}

/** aria-invalid and aria-describedby of a control with optional hint and error texts. */
export function fieldAria(id: string, hint: ReactNode, error: string | string[] | undefined, extra?: string) {
  return {
    'aria-invalid': errorMessages(error).length > 0 || undefined,
    'aria-describedby': describedBy(id, hint, error, extra),
  };
}

/** The control's id: the one given, else one React makes unique. */
export function useFieldId(id: string | undefined): string {
  const autoId = useId();
  return id ?? autoId;
}

/** Label + control + hint + error list, shared by the form inputs (internal). */
export function Field({ id, label, hint, error, className, children }: FieldProps) {
  const messages = errorMessages(error);
  return (
    <div className={['pui-field', className].filter(Boolean).join(' ')}>
      {label !== undefined && label !== null && label !== '' && (
        <label className="pui-field__label" htmlFor={id}>
          {label}
        </label>
      )}
      {children}
      {hint && (
        <span className="pui-field__hint" id={hintId(id)}>
          {hint}
        </span>
      )}
      {messages.length > 0 && (
        <ul className="pui-field__error" id={errorId(id)} role="alert">
          {messages.map((message, i) => (
            <li key={i}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
