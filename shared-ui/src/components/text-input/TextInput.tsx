import type { ComponentProps, ReactNode } from 'react';
import { Field, fieldAria, useFieldId } from '../field/Field';

export type TextInputProps = Omit<ComponentProps<'input'>, 'size'> & {
  label?: ReactNode;
  /** One message or several; shown in red under the input (role="alert") and sets aria-invalid. */
  error?: string | string[];
  hint?: ReactNode;
  /** Class of the wrapper (label + input + messages); `className` goes to the input. */
  fieldClassName?: string;
};

export function TextInput({
  label,
  error,
  hint,
  id,
  type = 'text',
  className,
  fieldClassName,
  'aria-describedby': ariaDescribedBy,
  ...rest
}: TextInputProps) {
  const inputId = useFieldId(id);
  return (
    <Field id={inputId} label={label} hint={hint} error={error} className={fieldClassName}>
      <input
        id={inputId}
        type={type}
        className={['pui-input', className].filter(Boolean).join(' ')}
        {...fieldAria(inputId, hint, error, ariaDescribedBy)}
        {...rest}
      />
    </Field>
  );
}
