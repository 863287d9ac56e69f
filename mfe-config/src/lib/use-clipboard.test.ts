// The copy button's state: 'Copied' once the text is on the clipboard, back to 'Copy' when the clipboard refuses
// it or the page has none, and on reset.
import { act, renderHook } from '@testing-library/react';
import { useClipboard } from './use-clipboard';

const withClipboard = (clipboard: unknown) => Object.assign(navigator, { clipboard });

afterEach(() => withClipboard(undefined));

describe('useClipboard', () => {
  it('puts the text on the clipboard and says so until reset', async () => {
    const writeText = jest.fn().mockResolvedValue(undefined);
    withClipboard({ writeText });
    const { result } = renderHook(() => useClipboard());
    expect(result.current.copied).toBe(false);
    await act(async () => {
      await expect(result.current.copy('s3cr3t')).resolves.toBe(true);
    });
    expect(writeText).toHaveBeenCalledWith('s3cr3t');
    expect(result.current.copied).toBe(true);
    act(() => result.current.reset());
    expect(result.current.copied).toBe(false);
  });

  it('is not copied when the clipboard refuses the text, even after an earlier copy', async () => {
    const writeText = jest
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new DOMException('Write permission denied.', 'NotAllowedError'));
    withClipboard({ writeText });
    const { result } = renderHook(() => useClipboard());
    await act(async () => {
      await result.current.copy('first');
    });
    expect(result.current.copied).toBe(true);
    await act(async () => {
      await expect(result.current.copy('second')).resolves.toBe(false);
    });
    expect(writeText).toHaveBeenLastCalledWith('second');
    expect(result.current.copied).toBe(false);
  });

  it('is not copied, and does not throw, on a page without a clipboard', async () => {
    withClipboard(undefined);
    const { result } = renderHook(() => useClipboard());
    await act(async () => {
      await expect(result.current.copy('s3cr3t')).resolves.toBe(false);
    });
    expect(result.current.copied).toBe(false);
  });
});
