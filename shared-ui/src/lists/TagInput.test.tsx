import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { listsResources } from './i18n';
import { TagInput } from './TagInput';
import { renderWithLists } from './testing';

const FORMAT = 'Container numbers feature 4 uppercase letters followed by 7 digits.';

function Harness({
  validate,
  splitOn,
  initial = [],
}: {
  validate?: boolean;
  splitOn?: RegExp;
  initial?: string[];
}) {
  const [tags, setTags] = useState<string[]>(initial);
  return (
    <>
      <TagInput label="Containers" value={tags} onChange={setTags} validate={validate} splitOn={splitOn} />
      <output data-testid="tags">{tags.join('|')}</output>
    </>
  );
}

const tags = () => screen.getByTestId('tags').textContent;

describe('TagInput', () => {
  it('accepts a container number on Enter, comma and space', async () => {
    const user = userEvent.setup();
    renderWithLists(<Harness />);
    const box = screen.getByLabelText('Containers');
    await user.type(box, 'CSQU3054383{Enter}');
    await user.type(box, 'MSKU9070323,');
    await user.type(box, 'TGHU1234564 ');
    expect(tags()).toBe('CSQU3054383|MSKU9070323|TGHU1234564');
    expect(box).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a badly formed number with the exact message and keeps the text to fix', async () => {
    const user = userEvent.setup();
    renderWithLists(<Harness />);
    const box = screen.getByLabelText('Containers');
    await user.type(box, 'csqu3054383{Enter}');
    expect(tags()).toBe('');
    expect(screen.getByRole('alert')).toHaveTextContent(FORMAT);
    expect(box).toHaveValue('csqu3054383');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await user.clear(box);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(box, 'ABCD12345,');
    expect(screen.getByRole('alert')).toHaveTextContent(FORMAT);
  });

  it('shows the message in Spanish when the page is in Spanish', async () => {
    const user = userEvent.setup();
    renderWithLists(<Harness />, 'es');
    await user.type(screen.getByLabelText('Containers'), 'X1{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(listsResources.es.tagInput.containerFormat);
  });

  it('does not add a duplicate (with or without the hyphen)', async () => {
    const user = userEvent.setup();
    renderWithLists(<Harness initial={['CSQU3054383']} />);
    const box = screen.getByLabelText('Containers');
    await user.type(box, 'CSQU3054383{Enter}CSQU305438-3{Enter}');
    expect(tags()).toBe('CSQU3054383');
    expect(box).toHaveValue('');
  });

  it('flags a wrong check digit but keeps the tag', async () => {
    const user = userEvent.setup();
    renderWithLists(<Harness />);
    await user.type(screen.getByLabelText('Containers'), 'CSQU3054384{Enter}');
    expect(tags()).toBe('CSQU3054384');
    expect(
      screen.getByText('CSQU3054384: the check digit should be 3. Check the number.'),
    ).toBeInTheDocument();
  });

  it('splits a pasted list and removes tags with the × button and Backspace', async () => {
    const user = userEvent.setup();
    renderWithLists(<Harness />);
    const box = screen.getByLabelText('Containers');
    await user.click(box);
    await user.paste('CSQU3054383, MSKU9070323 bad');
    expect(tags()).toBe('CSQU3054383|MSKU9070323');
    expect(box).toHaveValue('bad');
    expect(screen.getByRole('alert')).toHaveTextContent(FORMAT);
    await user.click(screen.getByRole('button', { name: 'Remove CSQU3054383' }));
    expect(tags()).toBe('MSKU9070323');
    await user.clear(box);
    await user.type(box, '{Backspace}');
    expect(tags()).toBe('');
  });

  it('takes any text when validate is false and splits on spaces only', async () => {
    const user = userEvent.setup();
    renderWithLists(<Harness validate={false} splitOn={/\s+/} />);
    const box = screen.getByLabelText('Containers');
    await user.type(box, 'ana@example.com luis@example.com{Enter}');
    expect(tags()).toBe('ana@example.com|luis@example.com');
    await user.type(box, 'a,b{Enter}');
    expect(tags()).toBe('ana@example.com|luis@example.com|a,b');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('TagInput without key events', () => {
  it('still ends a tag at a separator in typed-in text (virtual keyboards)', () => {
    renderWithLists(<Harness />);
    const box = screen.getByLabelText('Containers');
    fireEvent.change(box, { target: { value: 'CSQU3054383,MSK' } });
    expect(tags()).toBe('CSQU3054383');
    expect(box).toHaveValue('MSK');
    fireEvent.change(box, { target: { value: 'MSKU12 ' } });
    expect(tags()).toBe('CSQU3054383');
    expect(box).toHaveValue('MSKU12');
    expect(screen.getByRole('alert')).toHaveTextContent(FORMAT);
  });
});
