// A text box that turns what is typed into tags: container numbers for the container filter (spec section 5),
// or free text such as report e-mail addresses (validate=false, split on spaces).
import { useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorId, errorMessages, fieldAria, hintId, useFieldId } from '../components/field/Field';
import {
  containerCheckDigit,
  hasValidCheckDigit,
  isContainerNumberFormat,
  normalizeContainerNumber,
} from './container-number';
import { LISTS_NS } from './i18n';
import { ensureListStyles } from './styles';

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
  const [text, setText] = useState('');
  const [formatError, setFormatError] = useState('');

  const normalize = (tag: string) => (validate ? normalizeContainerNumber(tag) : tag);

  /** Adds the parts of `raw`; returns the part that was not accepted ('' when all were). */
  const commit = (raw: string): string => {
    const parts = raw
      .split(splitOn)
      .map((p) => p.trim())
      .filter((p) => p !== '');
    const next = [...value];
    const rejected: string[] = [];
    for (const part of parts) {
      if (validate && !isContainerNumberFormat(part)) {
        rejected.push(part);
        continue;
      }
      const tag = normalize(part);
      if (!next.includes(tag)) next.push(tag);
    }
    if (next.length !== value.length) onChange(next);
    setFormatError(rejected.length > 0 ? t('tagInput.containerFormat') : '');
    return rejected.join(' ');
  };

  const isSeparatorKey = (key: string) => key === 'Enter' || (key.length === 1 && splitOn.test(key));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (isSeparatorKey(event.key)) {
      event.preventDefault();
      if (text.trim() === '') return;
      setText(commit(text));
      return;
    }
    if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const pasted = event.clipboardData.getData('text');
    if (!splitOn.test(pasted.trim())) return; // one item: let it land in the box
    event.preventDefault();
    setText(commit(`${text}${pasted}`));
  };

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
          <ul className="pui-tag-input__list">
            {value.map((tag) => {
              const flagged = wrongDigits.includes(tag);
              return (
                <li
                  key={tag}
                  className={['pui-tag', flagged && 'pui-tag--warning'].filter(Boolean).join(' ')}
                >
                  <span>{tag}</span>
                  {!disabled && (
                    <button
                      type="button"
                      className="pui-tag__remove"
                      aria-label={t('tagInput.remove', { tag })}
                      onClick={() => remove(tag)}
                    >
                      <span aria-hidden="true">×</span>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
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
          onChange={(event) => {
            const next = event.target.value;
            if (formatError) setFormatError('');
            // Text that arrives without key events (virtual keyboards, autofill): a separator still ends a tag.
            const parts = next.split(splitOn);
            if (parts.length > 1) {
              const tail = parts.pop() ?? '';
              const rejected = parts.join(' ').trim() === '' ? '' : commit(parts.join(' '));
              setText(rejected ? `${rejected}${tail ? ` ${tail}` : ''}` : tail);
              return;
            }
            setText(next);
          }}
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
