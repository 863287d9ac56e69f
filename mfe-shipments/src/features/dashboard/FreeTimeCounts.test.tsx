// The dashboard's free-time counts: the user's warning days in the words and the link, over free time, es and en.
import { act, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { initI18n } from '@portal/shared-ui';
import { MemoryRouter } from '@portal/shared-ui/router';
import '../free-time/i18n';
import { FreeTimeCounts } from './FreeTimeCounts';

beforeAll(async () => {
  await initI18n(i18next);
});

const show = (props: Parameters<typeof FreeTimeCounts>[0]) =>
  render(
    <MemoryRouter>
      <FreeTimeCounts {...props} />
    </MemoryRouter>,
  );

describe('FreeTimeCounts', () => {
  it("counts with links to the filtered list, after the user's threshold (en)", async () => {
    await act(() => i18next.changeLanguage('en'));
    show({ ending: 1204, over: 7, warningDays: 5 });
    const ending = screen.getByTestId('free-time-ending-count');
    expect(ending).toHaveTextContent('1,204Free time ends within 5 days');
    expect(ending).toHaveAttribute('href', '/shipments?free_time_ends_within=5');
    const over = screen.getByTestId('free-time-over-count');
    expect(over).toHaveTextContent('7Over free time');
    expect(over).toHaveAttribute('href', '/shipments?over_free_time=true');
  });

  it('Spanish words and numbers; one day in the singular', async () => {
    await act(() => i18next.changeLanguage('es'));
    show({ ending: 1204, over: 0, warningDays: 1 });
    expect(screen.getByTestId('free-time-ending-count').textContent?.replace(/\s/g, ' ')).toBe(
      '1204El tiempo libre termina en 1 día',
    );
    expect(screen.getByTestId('free-time-over-count')).toHaveTextContent('0Fuera de tiempo libre');
  });

  it('nothing before the counts have come', () => {
    show({ ending: undefined, over: undefined, warningDays: undefined });
    expect(screen.queryByTestId('free-time-counts')).not.toBeInTheDocument();
  });
});
