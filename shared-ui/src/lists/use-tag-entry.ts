// The text box of the tag input: a separator key, a paste with several items, or text that arrives without
// key events ends the tags typed; Backspace in an empty box removes the last tag.
import { useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LISTS_NS } from './i18n';
import { addTags } from './tag-rules';

interface Options {
  value: string[];
  onChange: (tags: string[]) => void;
  splitOn: RegExp;
  validate: boolean;
}

export function useTagEntry({ value, onChange, splitOn, validate }: Options) {
  const { t } = useTranslation(LISTS_NS);
  const [text, setText] = useState('');
  const [formatError, setFormatError] = useState('');

  /** Adds the parts of `raw`; returns the part that was not accepted ('' when all were). */
  const commit = (raw: string): string => {
    const { next, rejected } = addTags(value, raw, splitOn, validate);
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

  const onTextChange = (event: ChangeEvent<HTMLInputElement>) => {
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
  };

  return { text, formatError, onKeyDown, onPaste, onTextChange };
}
