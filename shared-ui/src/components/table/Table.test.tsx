import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithI18n } from '../../test-utils/render-with-i18n';
import { Table, type TableColumn } from './Table';

type Row = { id: number; container: string; eta: string };

const rows: Row[] = [
  { id: 1, container: 'MSCU1234567', eta: '2024-01-02' },
  { id: 2, container: 'MAEU7654321', eta: '2024-02-03' },
];

const columns: TableColumn<Row>[] = [
  { key: 'container', header: 'Container', sortable: true },
  { key: 'eta', header: 'ETA', sortable: true, sortKey: 'eta_date' },
  { key: 'id', header: 'Id', render: (row) => `#${row.id}` },
];

function Harness({ onOrdering }: { onOrdering: (o: string) => void }) {
  const [ordering, setOrdering] = useState('');
  return (
    <Table
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      ordering={ordering}
      onOrderingChange={(o) => {
        onOrdering(o);
        setOrdering(o);
      }}
    />
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('Table', () => {
  it('renders cells from the row or from render()', () => {
    renderWithI18n(<Table columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(screen.getByRole('cell', { name: 'MSCU1234567' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '#2' })).toBeInTheDocument();
  });

  it('cycles a sortable header asc → desc → asc and reflects it in aria-sort', async () => {
    const onOrdering = jest.fn();
    renderWithI18n(<Harness onOrdering={onOrdering} />);
    expect(header('Container')).toHaveAttribute('aria-sort', 'none');
    expect(header('Id')).not.toHaveAttribute('aria-sort');

    const sortContainer = within(header('Container')).getByRole('button');
    await userEvent.click(sortContainer);
    expect(onOrdering).toHaveBeenLastCalledWith('container');
    expect(header('Container')).toHaveAttribute('aria-sort', 'ascending');

    await userEvent.click(sortContainer);
    expect(onOrdering).toHaveBeenLastCalledWith('-container');
    expect(header('Container')).toHaveAttribute('aria-sort', 'descending');

    await userEvent.click(sortContainer);
    expect(onOrdering).toHaveBeenLastCalledWith('container');
    expect(header('Container')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('uses sortKey and starts another column ascending', async () => {
    const onOrdering = jest.fn();
    renderWithI18n(<Harness onOrdering={onOrdering} />);
    await userEvent.click(within(header('Container')).getByRole('button'));
    await userEvent.click(within(header('ETA')).getByRole('button'));
    expect(onOrdering).toHaveBeenLastCalledWith('eta_date');
    expect(header('ETA')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Container')).toHaveAttribute('aria-sort', 'none');
  });

  it('reads a descending DRF ordering', () => {
    renderWithI18n(
      <Table
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        ordering="-eta_date"
        onOrderingChange={() => {}}
      />,
    );
    expect(header('ETA')).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows the empty text and the pager', () => {
    renderWithI18n(
      <Table
        columns={columns}
        rows={[]}
        rowKey={(r) => r.id}
        page={1}
        pageCount={3}
        onPageChange={() => {}}
      />,
    );
    expect(screen.getByText('No results found.')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('expands a row', async () => {
    renderWithI18n(
      <Table
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        renderExpanded={(r) => `Details of ${r.id}`}
      />,
    );
    const [first] = screen.getAllByRole('button', { name: 'Show details' });
    expect(screen.queryByText('Details of 1')).not.toBeInTheDocument();
    await userEvent.click(first);
    expect(screen.getByText('Details of 1')).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByText('Details of 2')).not.toBeInTheDocument();
  });
});

describe('Table sideways scrolling', () => {
  const widths = (scrollWidth: number, clientWidth: number) => {
    jest.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(scrollWidth);
    jest.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(clientWidth);
  };
  afterEach(() => jest.restoreAllMocks());

  it('lets the keyboard reach a table wider than its box, to scroll it', () => {
    widths(900, 600);
    const { container } = renderWithI18n(<Table columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(container.querySelector('.pui-table-scroll')!.getAttribute('tabindex')).toBe('0');
  });

  it('adds no tab stop when the table fits', () => {
    widths(600, 600);
    const { container } = renderWithI18n(<Table columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(container.querySelector('.pui-table-scroll')!.hasAttribute('tabindex')).toBe(false);
  });
});
