import type { KeyboardEvent } from 'react';
import { TextInput, type TextInputProps } from '../text-input/TextInput';

export type NumberInputProps = Omit<TextInputProps, 'type' | 'min'> & {
  min?: number;
};

/**
 * Numeric input (type="number", inputMode numeric). Keys that are never part of a plain number
 * ('e', '+', and '-' when `min` >= 0) are ignored, so day-range fields accept numbers only (spec 2).
 */
export function NumberInput({ min, onKeyDown, inputMode, ...rest }: NumberInputProps) {
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const blocked = ['e', 'E', '+'];
    if (min !== undefined && min >= 0) blocked.push('-');
    if (blocked.includes(event.key)) event.preventDefault();
    onKeyDown?.(event);
  };
  return (
    <TextInput
      type="number"
      min={min}
      inputMode={inputMode ?? (min !== undefined && min >= 0 ? 'numeric' : 'decimal')}
      onKeyDown={handleKeyDown}
      {...rest}
    />
  );
}
