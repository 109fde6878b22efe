import { otpQuery, statusColor } from '../src/pages/otp/logic';

describe('the OTP log page', () => {
  it('filters by phone only once the number is whole (the API refuses a partial one)', () => {
    expect(otpQuery('+7 700', 1, 25)).toEqual({ page: 1, limit: 25 });
    expect(otpQuery('+7 700 000 00 01', 2, 25)).toEqual({ phone: '+7 700 000 00 01', page: 2, limit: 25 });
    expect(otpQuery('87000000001', 1, 10)).toEqual({ phone: '87000000001', page: 1, limit: 10 });
    expect(otpQuery('7000000001', 1, 10)).toEqual({ phone: '7000000001', page: 1, limit: 10 });
    expect(otpQuery('abc7000000001', 1, 10)).toEqual({ page: 1, limit: 10 });
  });

  it('colours statuses, unknown ones neutral', () => {
    expect(statusColor('used')).toBe('green');
    expect(statusColor('failed')).toBe('red');
    expect(statusColor('something')).toBe('default');
    expect(statusColor(null)).toBe('default');
  });
});
