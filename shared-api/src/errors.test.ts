import { ApiError, errorToNotificationBody } from './errors';

describe('errorToNotificationBody', () => {
  it('lists each field name as a label followed by its messages', () => {
    const err = new ApiError(400, {
      username: ['This field is required.'],
      password: ['Too short.', 'Too common.'],
    });
    expect(errorToNotificationBody(err)).toEqual([
      { label: 'username', messages: ['This field is required.'] },
      { label: 'password', messages: ['Too short.', 'Too common.'] },
    ]);
  });

  it('keeps detail and non-field errors as labels too', () => {
    expect(errorToNotificationBody(new ApiError(403, { detail: 'Forbidden.' }))).toEqual([
      { label: 'detail', messages: ['Forbidden.'] },
    ]);
  });

  it('flattens nested field errors and falls back for text bodies and plain errors', () => {
    expect(errorToNotificationBody(new ApiError(400, { rows: { '3': ['Bad carrier.'] } }))).toEqual([
      { label: 'rows', messages: ['3: Bad carrier.'] },
    ]);
    expect(errorToNotificationBody(new ApiError(502, 'Bad Gateway'))).toEqual([
      { label: '502', messages: ['Bad Gateway'] },
    ]);
    expect(errorToNotificationBody(new Error('boom'))).toEqual([{ label: 'error', messages: ['boom'] }]);
  });

  it('reads one field', () => {
    expect(new ApiError(400, { old_password: ['Wrong.'] }).fieldErrors('old_password')).toEqual(['Wrong.']);
    expect(new ApiError(400, null).fieldErrors('x')).toEqual([]);
  });
});
