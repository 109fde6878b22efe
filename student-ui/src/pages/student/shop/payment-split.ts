/**
 * How a tenge price splits when `zp` ZP go towards it at `rate` tenge per ZP (finance's rule: the tenge due drops by
 * zp × rate, never below zero). What the payment page shows before anything is paid.
 */
export function zpSplit(tengeDue: number, rate: number, zp: number): { zp: number; coveredTenge: number; cardTenge: number } {
  const used = Number.isInteger(zp) && zp > 0 ? zp : 0;
  const coveredTenge = Math.min(tengeDue, used * rate);
  return { zp: used, coveredTenge, cardTenge: tengeDue - coveredTenge };
}
