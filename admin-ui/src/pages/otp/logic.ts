/** The OTP log's filter and labels: a phone filter is sent only once it is a whole number (the API refuses a partial one). */

/** Query of GET /api/otp: `phone` only when the text holds a whole Kazakhstan number (10 digits, or 11 with 7/8 first). */
export function otpQuery(phoneText: string, page: number, limit: number): Record<string, string | number> {
  const digits = phoneText.replace(/\D/g, '');
  const whole = digits.length === 10 || (digits.length === 11 && /^[78]/.test(digits));
  return { ...(whole && /^[+\d\s()\-.]+$/.test(phoneText.trim()) ? { phone: phoneText.trim() } : {}), page, limit };
}

const STATUS_COLORS: Record<string, string> = { pending: 'blue', used: 'green', replaced: 'default', expired: 'orange', blocked: 'red', sent: 'blue', delivered: 'green', failed: 'red' };

/** Tag colour of a code's status or of its SMS delivery status. */
export function statusColor(status: string | null | undefined): string {
  return (status && STATUS_COLORS[status]) || 'default';
}
