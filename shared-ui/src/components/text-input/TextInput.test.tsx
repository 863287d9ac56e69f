import { render, screen } from '@testing-library/react';
import { TextInput } from './TextInput';

describe('TextInput', () => {
  it('binds its label and shows every error message in an alert', () => {
    render(
      <TextInput label="Container" error={['Required input: Container', 'Too short']} hint="4 letters" />,
    );
    const input = screen.getByLabelText('Container');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Required input: Container');
    expect(alert).toHaveTextContent('Too short');
    expect(input).toHaveAccessibleDescription('4 letters Required input: Container Too short');
  });

  it('has no alert without an error', () => {
    render(<TextInput label="POL" id="pol" />);
    expect(screen.getByLabelText('POL')).toHaveAttribute('id', 'pol');
    expect(screen.getByLabelText('POL')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
