import { z } from 'zod';

/**
 * Finance's own settings, read once at boot from the same environment as the kit's (the kit's typed config keeps
 * only its own keys). Secrets are never logged.
 */
export const FINANCE_CONFIG = Symbol('FINANCE_CONFIG');

/** The sandbox's development key: production refuses it. */
export const DEV_PROVIDER_SECRET = 'olymp-dev-sandbox-provider-secret';

const schema = z.object({
  /** The payment provider adapter. Only the sandbox exists yet; a real acquirer is another adapter. */
  FINANCE_PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** Secret: the key callbacks are signed with (HMAC-SHA256). */
  FINANCE_PROVIDER_SECRET: z.string().min(16).default(DEV_PROVIDER_SECRET),
  /** What one ZP costs in tenge when bought through a recharge. */
  FINANCE_ZP_PRICE_TENGE: z.coerce.number().int().min(1).max(10_000).default(1),
  /** A callback older (or further in the future) than this is refused, so a captured one cannot be replayed later. */
  FINANCE_CALLBACK_MAX_AGE_S: z.coerce.number().int().min(10).max(86_400).default(600),
});

export type FinanceConfig = z.infer<typeof schema> & { sandboxEnabled: boolean };

export function loadFinanceConfig(env: Record<string, string | undefined>, isProduction: boolean): FinanceConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`invalid finance configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const c = parsed.data;
  if (isProduction && (c.FINANCE_PAYMENT_PROVIDER === 'sandbox' || c.FINANCE_PROVIDER_SECRET === DEV_PROVIDER_SECRET)) {
    throw new Error('refusing to start finance in production with the sandbox payment provider or its development secret');
  }
  return { ...c, sandboxEnabled: c.FINANCE_PAYMENT_PROVIDER === 'sandbox' && !isProduction };
}
