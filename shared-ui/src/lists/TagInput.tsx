// A text box that turns what is typed into tags: container numbers for the container filter (spec section 5),
// or free text such as report e-mail addresses (validate=false, split on spaces).
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorId, errorMessages, fieldAria, hintId, useFieldId } from '../components/field/Field';
import { containerCheckDigit, hasValidCheckDigit } from './container-number';
import { LISTS_NS } from './i18n';
import { ensureListStyles } from './styles';
import { useTagEntry } from './use-tag-entry';

export interface TagInputProps {
  label?: ReactNode;
  value: string[];
  onChange: (tags: string[]) => void;
  /**
   * true (default): container numbers, accepted only in the ISO format, a wrong check digit flagged.
   * false: any text is accepted (report e-mail tags).
   */
  validate?: boolean;
  /** What separates tags when typed or pasted; Enter always does. Default comma or space. */
  splitOn?: RegExp;
  placeholder?: string;
  hint?: ReactNode;
  /** Errors from outside (e.g. the server's messages for this field). */
  error?: string | string[];
  disabled?: boolean;
  id?: string;
  name?: string;
}

const DEFAULT_SPLIT = /[\s,]+/;

export function TagInput({
  label,
  value,
  onChange,
  validate = true,
  splitOn = DEFAULT_SPLIT,
  placeholder,
  hint,
  error,
  disabled,
  id,
  name,
}: TagInputProps) {
  ensureListStyles();
  const { t } = useTranslation(LISTS_NS);
  const inputId = useFieldId(id);
  const { text, formatError, onKeyDown, onPaste, onTextChange } = useTagEntry({
    value,
    onChange,
    splitOn,
    validate,
  });

  const remove = (tag: string) => onChange(value.filter((v) => v !== tag));

  const wrongDigits = validate ? value.filter((tag) => !hasValidCheckDigit(tag)) : [];
  const errors = [...errorMessages(error), ...(formatError ? [formatError] : [])];
  const invalid = errors.length > 0;
  const warningsId = `${inputId}-warnings`;

  return (
    <div className="pui-field pui-tag-input">
      {label !== undefined && (
        <label className="pui-field__label" htmlFor={inputId}>
          {label}
        </label>
      )}
      <div className="pui-tag-input__box" aria-invalid={invalid || undefined}>
        {value.length > 0 && (
          <TagList tags={value} flagged={wrongDigits} onRemove={disabled ? undefined : remove} />
        )}
        <input
          id={inputId}
          name={name}
          className="pui-tag-input__input"
          value={text}
          placeholder={placeholder}
          disabled={disabled}
          autoComplete="off"
          spellCheck={false}
          {...fieldAria(inputId, hint, errors, wrongDigits.length > 0 ? warningsId : undefined)}
          onChange={onTextChange}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
        />
      </div>
      {hint && (
        <span className="pui-field__hint" id={hintId(inputId)}>
          {hint}
        </span>
      )}
      {wrongDigits.length > 0 && (
        <ul className="pui-tag-input__warnings" id={warningsId}>
          {wrongDigits.map((tag) => (
            <li key={tag}>
              {t('tagInput.checkDigit', { container: tag, expected: containerCheckDigit(tag) })}
            </li>
          ))}
        </ul>
      )}
      {invalid && (
        <ul className="pui-field__error" id={errorId(inputId)} role="alert">
          {errors.map((message, i) => (
            <li key={i}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface TagListProps {
  tags: string[];
  /** Tags shown as a warning (a wrong check digit). */
  flagged: string[];
  /** Absent while the input is disabled: no remove buttons. */
  onRemove?: (tag: string) => void;
}

function TagList({ tags, flagged, onRemove }: TagListProps) {
  const { t } = useTranslation(LISTS_NS);
  return (
    <ul className="pui-tag-input__list">
      {tags.map((tag) => (
        <li
          key={tag}
          className={['pui-tag', flagged.includes(tag) && 'pui-tag--warning'].filter(Boolean).join(' ')}
        >
          <span>{tag}</span>
          {onRemove && (
            <button
              type="button"
              className="pui-tag__remove"
              aria-label={t('tagInput.remove', { tag })}
              onClick={() => onRemove(tag)}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
