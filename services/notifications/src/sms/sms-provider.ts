import type { EntityManager } from 'typeorm';
import type { EventPayload } from '@olymp/proto';
import type { NotificationsConfig } from '../config';
import { DevSms } from './dev-sms.entity';

/** What became of one attempt to hand an SMS to a provider. */
export type SmsOutcome =
  | { kind: 'accepted'; status: 'sent' | 'delivered' }
  /** Will not succeed if tried again (the provider refused the message itself). */
  | { kind: 'rejected'; error: string }
  /** May succeed later (network, timeout, provider overloaded or down). */
  | { kind: 'transient'; error: string };

export interface SmsProvider {
  readonly name: string;
  send(sms: EventPayload<'sms.requested'>, manager: EntityManager): Promise<SmsOutcome>;
}

/** Development: the SMS is kept in the `dev_sms` table and read at GET /api/dev/sms. */
export class DevInboxProvider implements SmsProvider {
  readonly name = 'dev-inbox';

  async send(sms: EventPayload<'sms.requested'>, manager: EntityManager): Promise<SmsOutcome> {
    await manager
      .createQueryBuilder()
      .insert()
      .into(DevSms)
      .values({ id: sms.smsId, to: sms.to, text: sms.text, code: sms.code ?? null, purpose: sms.purpose, sentAt: new Date(sms.requestedAt) })
      .orIgnore()
      .execute();
    return { kind: 'accepted', status: 'sent' };
  }
}

const RETRYABLE_STATUS = new Set([408, 425, 429]);

/**
 * Production: a provider's HTTP API. `POST SMS_HTTP_URL` with JSON `{ id, to, text, sender }`, `Authorization:
 * Bearer SMS_HTTP_TOKEN` and `Idempotency-Key: <sms id>` (a provider that honours it never sends a redelivered
 * message twice). 2xx is accepted (`{ "status": "delivered" }` in the answer counts as delivered); 408, 425, 429,
 * 5xx, timeouts and network errors are retried; any other 4xx is a refusal that retrying will not change.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';

  constructor(private readonly settings: Pick<NotificationsConfig, 'SMS_HTTP_URL' | 'SMS_HTTP_TOKEN' | 'SMS_SENDER' | 'SMS_HTTP_TIMEOUT_MS'>) {}

  async send(sms: EventPayload<'sms.requested'>): Promise<SmsOutcome> {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', 'idempotency-key': sms.smsId };
    if (this.settings.SMS_HTTP_TOKEN) headers.authorization = `Bearer ${this.settings.SMS_HTTP_TOKEN}`;
    let res: Response;
    try {
      res = await fetch(this.settings.SMS_HTTP_URL!, {
        method: 'POST',
        headers,
        body: JSON.stringify({ id: sms.smsId, to: sms.to, text: sms.text, sender: this.settings.SMS_SENDER ?? null }),
        signal: AbortSignal.timeout(this.settings.SMS_HTTP_TIMEOUT_MS),
      });
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      return { kind: 'transient', error: e.name === 'TimeoutError' ? `timeout after ${this.settings.SMS_HTTP_TIMEOUT_MS} ms` : `network: ${e.cause?.code ?? e.message}` };
    }
    const body = await res.text().catch(() => '');
    if (res.ok) {
      let status: 'sent' | 'delivered' = 'sent';
      try {
        if ((JSON.parse(body) as { status?: unknown }).status === 'delivered') status = 'delivered';
      } catch {
        // A plain or empty body is fine: accepted means sent.
      }
      return { kind: 'accepted', status };
    }
    const error = `HTTP ${res.status}: ${body.slice(0, 200)}`;
    return res.status >= 500 || RETRYABLE_STATUS.has(res.status) ? { kind: 'transient', error } : { kind: 'rejected', error };
  }
}
