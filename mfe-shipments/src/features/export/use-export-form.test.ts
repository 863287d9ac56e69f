import { act, renderHook } from '@testing-library/react';
import { useExportForm } from './use-export-form';

const LIST: Record<string, unknown> = { carrier: ['3'], search: 'MSKU' };

describe('useExportForm', () => {
  it('starts a new form from the list filters of the moment the modal opens', () => {
    const { result, rerender } = renderHook(({ open, filters }) => useExportForm(open, filters), {
      initialProps: { open: false, filters: {} },
    });
    act(() => result.current.setName('old'));
    rerender({ open: true, filters: LIST });
    expect(result.current.form.name).toBe('');
    expect(result.current.form.filters).toEqual(expect.objectContaining({ carrier: ['3'], search: 'MSKU' }));
  });

  it('keeps what is typed while open, even when the list filters change', () => {
    const { result, rerender } = renderHook(({ open, filters }) => useExportForm(open, filters), {
      initialProps: { open: true, filters: LIST },
    });
    act(() => result.current.setName('Weekly'));
    rerender({ open: true, filters: { search: 'other' } });
    expect(result.current.form.name).toBe('Weekly');
    expect(result.current.form.filters.search).toBe('MSKU');
  });

  it('drops a complaint once its field changes', () => {
    const { result } = renderHook(() => useExportForm(true, {}));
    let found: Record<string, string> = {};
    act(() => {
      found = result.current.check('save');
    });
    expect(found.name).toBeDefined();
    expect(result.current.problems.name).toBe(found.name);
    act(() => result.current.setNameErrors(['taken']));
    act(() => result.current.setName('Mine'));
    expect(result.current.problems.name).toBeUndefined();
    expect(result.current.nameErrors).toEqual([]);
  });

  it('drops the columns complaint once columns are chosen', () => {
    const { result } = renderHook(() => useExportForm(true, {}));
    act(() => void result.current.check('export'));
    expect(result.current.problems.columns).toBeDefined();
    act(() => result.current.setColumns(['id']));
    expect(result.current.problems.columns).toBeUndefined();
    expect(result.current.form.columns).toEqual(['id']);
  });

  it('resets to the list filters and clears every message', () => {
    const { result } = renderHook(() => useExportForm(true, LIST));
    act(() => result.current.setFilter('search', 'X'));
    act(() => result.current.setNameErrors(['taken']));
    act(() => result.current.resetToList());
    expect(result.current.form.filters.search).toBe('MSKU');
    expect(result.current.nameErrors).toEqual([]);
  });
});
