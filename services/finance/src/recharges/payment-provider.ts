import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * The port every payment provider adapter implements. Finance asks it to start a payment and hands it each
 * callback to authenticate; everything else (state, crediting, replay protection) is finance's own.
 */
export const PAYMENT_PROVIDER = Symbol('PAYMENT_PROVIDER');

export interface ProviderNotice {
  /** Unique per notice: a notice seen before is a replay. */
  eventId: string;
  providerPaymentId: string;
  status: 'succeeded' | 'failed';
  amountTenge: number;
  sentAt: Date;
}

export interface PaymentProvider {
  readonly name: string;
  /** `checkoutPath`: where the sandbox's page is (a real acquirer answers its own URL and ignores it). */
  createPayment(p: { paymentId: string; amountTenge: number; description: string; checkoutPath?: string }): Promise<{ providerPaymentId: string; checkoutUrl: string }>;
  /** Gives a succeeded payment's tenge back to the card (a cancelled or returned order paid in tenge). */
  refundPayment(p: { providerPaymentId: string; amountTenge: number }): Promise<{ refundId: string }>;
  /** The notice if the callback is authentic, null if it is not (forged, altered, unsigned). */
  verifyCallback(body: unknown, headers: Record<string, string | string[] | undefined>): ProviderNotice | null;
}

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const sandboxBody = z.strictObject({
  eventId: z.string().min(8).max(100),
  paymentId: z.string().min(8).max(100),
  status: z.enum(['succeeded', 'failed']),
  amountTenge: z.number().int().nonnegative(),
  sentAt: z.iso.datetime({ offset: true }),
});
export type SandboxCallback = z.infer<typeof sandboxBody>;

/**
 * The local provider: payments are completed or failed on request (`recharges/{id}/sandbox-complete`), and the
 * outcome arrives as a callback signed like a real acquirer's: HMAC-SHA256 over the notice's fields with a shared
 * secret, hex in `X-Sandbox-Signature`.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox';

  constructor(private readonly secret: string) {}

  createPayment(p: { paymentId: string; checkoutPath?: string }): Promise<{ providerPaymentId: string; checkoutUrl: string }> {
    return Promise.resolve({ providerPaymentId: `sbx_${randomUUID()}`, checkoutUrl: p.checkoutPath ?? `/api/recharges/${p.paymentId}/sandbox-complete` });
  }

  /** The sandbox accepts every refund of a payment it made (a real acquirer answers its refund's id or refuses). */
  refundPayment(p: { providerPaymentId: string }): Promise<{ refundId: string }> {
    return Promise.resolve({ refundId: `sbx_refund_${p.providerPaymentId}` });
  }

  /** What the sandbox sends when a payment ends: the body and its signature header. */
  notice(providerPaymentId: string, status: 'succeeded' | 'failed', amountTenge: number, sentAt = new Date()) {
    const body: SandboxCallback = { eventId: `evt_${randomUUID()}`, paymentId: providerPaymentId, status, amountTenge, sentAt: sentAt.toISOString() };
    return { body, headers: { [SANDBOX_SIGNATURE_HEADER]: this.sign(body) } };
  }

  sign(b: SandboxCallback): string {
    return createHmac('sha256', this.secret).update(`${b.eventId}\n${b.paymentId}\n${b.status}\n${b.amountTenge}\n${b.sentAt}`).digest('hex');
  }

  verifyCallback(body: unknown, headers: Record<string, string | string[] | undefined>): ProviderNotice | null {
    const parsed = sandboxBody.safeParse(body);
    const given = headers[SANDBOX_SIGNATURE_HEADER];
    if (!parsed.success || typeof given !== 'string' || !/^[0-9a-f]{64}$/.test(given)) return null;
    const expected = Buffer.from(this.sign(parsed.data), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return null;
    const b = parsed.data;
    return { eventId: b.eventId, providerPaymentId: b.paymentId, status: b.status, amountTenge: b.amountTenge, sentAt: new Date(b.sentAt) };
  }
}
