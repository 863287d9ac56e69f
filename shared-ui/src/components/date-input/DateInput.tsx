import { TextInput, type TextInputProps } from '../text-input/TextInput';

export type DateInputProps = Omit<TextInputProps, 'type'> & {
  /** yyyy-MM-dd, or '' for no date. */
  value?: string;
};

/** Native date input; its value is always yyyy-MM-dd (spec display format for dates). */
export function DateInput(props: DateInputProps) {
  return <TextInput type="date" pattern="\d{4}-\d{2}-\d{2}" placeholder="yyyy-mm-dd" {...props} />;
}
