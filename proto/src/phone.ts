/**
 * Kazakhstan phone numbers in one form, +7XXXXXXXXXX. `+7 (700) 000-00-01`, `87000000001` and `77000000001` are
 * one number. Returns null for anything that is not a Kazakh mobile/landline number of 10 national digits.
 */
export function normalizePhone(input: string): string | null {
  if (typeof input !== 'string') return null;
  const trimmed = input.trim();
  if (!/^\+?[\d\s()\-.]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  // With a leading +, the country code must be there: +7 and ten national digits.
  if (trimmed.startsWith('+') && !(digits.length === 11 && digits.startsWith('7'))) return null;
  if (digits.length === 11 && (digits.startsWith('8') || digits.startsWith('7'))) digits = digits.slice(1);
  else if (digits.length !== 10) return null;
  if (!/^[67]\d{9}$/.test(digits)) return null;
  return `+7${digits}`;
}
