import { act, renderHook, waitFor } from '@testing-library/react';
import { mapApi, type PointDetail } from '../../lib/map-api';
import { detailsKey, useInfoDetails, useListDetails } from './use-point-details';

const detail = (id: number) => ({ id, container_number: `C${id}` }) as PointDetail;

afterEach(() => jest.restoreAllMocks());

describe('the details calls of the map', () => {
  it('asks for the ids of the key; none for no ids', async () => {
    const details = jest.spyOn(mapApi, 'details').mockResolvedValue([detail(11), detail(12)]);
    expect(detailsKey([11, 12])).toBe('11,12');
    const info = renderHook(({ key }) => useInfoDetails(key), { initialProps: { key: '11,12' } });
    await waitFor(() => expect(info.result.current.details).toHaveLength(2));
    expect(details).toHaveBeenCalledWith([11, 12], expect.any(AbortSignal));
    info.rerender({ key: '' });
    await waitFor(() => expect(info.result.current.details).toEqual([]));
    expect(details).toHaveBeenCalledTimes(1);
  });

  it('the list gives only the details read for its ids, by id', async () => {
    let answer: (list: PointDetail[]) => void = () => undefined;
    jest
      .spyOn(mapApi, 'details')
      .mockResolvedValueOnce([detail(11)])
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const list = renderHook(({ key }) => useListDetails(key), { initialProps: { key: '11' } });
    await waitFor(() => expect(list.result.current.details?.get(11)?.container_number).toBe('C11'));
    // other ids: nothing until their answer (not the old details)
    list.rerender({ key: '12' });
    expect(list.result.current.details).toBeNull();
    await act(() => Promise.resolve(answer([detail(12)])));
    expect([...list.result.current.details!.keys()]).toEqual([12]);
  });

  it('says when the call failed, not when it was dropped for new ids', async () => {
    jest.spyOn(mapApi, 'details').mockRejectedValue(new Error('500'));
    const info = renderHook(() => useInfoDetails('11'));
    await waitFor(() => expect(info.result.current.failed).toBe(true));
    expect(info.result.current.details).toBeNull();
  });
});
