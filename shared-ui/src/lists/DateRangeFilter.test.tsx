import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateRangeFilter, type DateRange } from './DateRangeFilter';
import { isIsoDate } from './dates';
import { renderWithLists } from './testing';

function Harness({ onChange }: { onChange: (r: DateRange) => void }) {
  const [range, setRange] = useState<DateRange>({ after: '', before: '' });
  return (
    <DateRangeFilter
      legend="Created"
      name="created_at"
      after={range.after}
      before={range.before}
      onChange={(r) => {
        onChange(r);
        setRange(r);
      }}
    />
  );
}

describe('DateRangeFilter', () => {
  it('knows real yyyy-MM-dd dates', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2024-13-01')).toBe(false);
    expect(isIsoDate('24-01-01')).toBe(false);
  });

  it('applies valid dates and refuses bad ones with "Invalid date"', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderWithLists(<Harness onChange={onChange} />);
    const after = screen.getByLabelText('From');
    const before = screen.getByLabelText('To');
    await user.type(after, '2024-01-05');
    expect(onChange).toHaveBeenLastCalledWith({ after: '2024-01-05', before: '' });
    onChange.mockClear();
    await user.type(before, '2024-02-30');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid date');
    await user.clear(before);
    expect(onChange).toHaveBeenLastCalledWith({ after: '2024-01-05', before: '' });
    await user.type(before, '2024-1');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid date');
  });
});
