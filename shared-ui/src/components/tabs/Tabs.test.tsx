import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tabs, type TabItem } from './Tabs';

const tabs: TabItem[] = [
  { key: 'week', label: 'Last week', count: 12 },
  { key: 'ontrack', label: 'On track', count: 0 },
  { key: 'delayed', label: 'Out of date', count: 3 },
  { key: 'bi', label: 'BI', hidden: true },
  { key: 'alerted', label: 'Attention required' },
];

describe('Tabs', () => {
  it('renders a tablist with counts, marks the active tab and hides hidden ones', () => {
    render(<Tabs tabs={tabs} activeKey="delayed" onChange={() => {}} />);
    expect(screen.getByRole('tablist')).toBeInTheDocument();
    const all = screen.getAllByRole('tab');
    expect(all).toHaveLength(4);
    expect(screen.queryByRole('tab', { name: /BI/ })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Last week 12' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: 'On track 0' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Out of date 3' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByTestId('tab-count').map((el) => el.textContent)).toEqual(['12', '0', '3']);
  });

  it('calls onChange with the key on click and on arrow keys', async () => {
    const onChange = jest.fn();
    render(<Tabs tabs={tabs} activeKey="week" onChange={onChange} />);
    await userEvent.click(screen.getByRole('tab', { name: /On track/ }));
    expect(onChange).toHaveBeenLastCalledWith('ontrack');
    screen.getByRole('tab', { name: /Last week/ }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(onChange).toHaveBeenLastCalledWith('alerted');
  });

  it('lets renderTab draw links', () => {
    render(
      <Tabs
        tabs={tabs}
        activeKey="week"
        onChange={() => {}}
        renderTab={(tab, props) => <a href={`/${tab.key}`} {...props} />}
      />,
    );
    expect(screen.getByRole('tab', { name: /Out of date/ })).toHaveAttribute('href', '/delayed');
  });
});
