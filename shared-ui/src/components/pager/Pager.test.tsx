import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '../../test-utils/render-with-i18n';
import { Pager } from './Pager';

describe('Pager', () => {
  it('shows "Page 2 of 5" with both buttons in the middle, and moves by one page', async () => {
    const onPageChange = jest.fn();
    renderWithI18n(<Pager page={2} pageCount={5} onPageChange={onPageChange} />);
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it('renders no Previous button on the first page', () => {
    renderWithI18n(<Pager page={1} pageCount={5} onPageChange={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });

  it('renders no Next button on the last page', () => {
    renderWithI18n(<Pager page={5} pageCount={5} onPageChange={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeInTheDocument();
    expect(screen.getByText('Page 5 of 5')).toBeInTheDocument();
  });

  it('renders no buttons at all for a single page', () => {
    renderWithI18n(<Pager page={1} pageCount={1} onPageChange={() => {}} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('speaks Spanish', () => {
    renderWithI18n(<Pager page={2} pageCount={5} onPageChange={() => {}} />, { lng: 'es' });
    expect(screen.getByText('Página 2 de 5')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeInTheDocument();
  });
});
