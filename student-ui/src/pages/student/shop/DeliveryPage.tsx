/**
 * cart/delivery (checkout): collect at a pickup point or have it delivered to an address (city from auth's delivery
 * cities), then the order is placed, its stock held for the payment window, and the pupil goes on to pay in ZP.
 */
import { currentLocale } from '@olymp/web-common';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { checkout, getCart, getPickupPoints, type Currency, type Fulfilment, type ShopCart } from '../../../api/shop';
import { useAuth } from '../../../auth/AuthProvider';
import { errorMessage, fieldErrors } from '../../../auth/otp';
import { Alert, Button, ButtonLink, EmptyState, SelectField, Skeleton, TextField } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { pick } from '../../../lib/format';
import { placeName, sortedPlaces, usePlaces } from '../../../lib/places';
import { useApi } from '../../../lib/useApi';
import { cartReady } from './CartPage';
import { SHOP, ShopFrame, amountIn } from './parts';

/** The wallet currencies the whole cart can be paid in (a product without a price in one rules it out). */
const WALLET_CURRENCIES = [
  ['zp', 'zp'],
  ['altyn_saqa', 'altynSaqa'],
] as const satisfies readonly (readonly [Currency, keyof ShopCart['totals']])[];
function totalIn(cart: ShopCart, currency: Currency): number | null {
  return currency === 'tenge' ? cart.totals.tenge : currency === 'zp' ? cart.totals.zp : cart.totals.altynSaqa;
}

/** The server names a field by its path (`fulfilment.address.phone`); the form by its last part. */
function byLastPart(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.split('.').pop() ?? k, v]));
}

export default function DeliveryPage() {
  const { t, i18n } = useTranslation('shop');
  const locale = currentLocale();
  const navigate = useNavigate();
  const { user } = useAuth();
  usePageTitle(t('checkout.title'));
  const cart = useApi(getCart, 'cart');
  const points = useApi(getPickupPoints, 'points');
  const cities = usePlaces('cities');
  const [method, setMethod] = useState<'pickup' | 'delivery'>('pickup');
  const [chosenCurrency, setCurrency] = useState<Currency | null>(null);
  const [pointId, setPointId] = useState('');
  const [recipient, setRecipient] = useState(user ? `${user.firstName} ${user.lastName ?? ''}`.trim() : '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [cityId, setCityId] = useState('');
  const [line, setLine] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFields({});
    const missing: Record<string, string> = {};
    if (method === 'pickup' && !pointId) missing.pickupPointId = t('checkout.choosePoint');
    if (method === 'delivery') {
      if (!recipient.trim()) missing.recipient = t('checkout.required');
      if (!phone.trim()) missing.phone = t('checkout.required');
      if (!cityId) missing.cityId = t('checkout.required');
      if (!line.trim()) missing.line = t('checkout.required');
    }
    if (Object.keys(missing).length) {
      setFields(missing);
      return;
    }
    const fulfilment: Fulfilment =
      method === 'pickup'
        ? { method: 'pickup', pickupPointId: pointId }
        : { method: 'delivery', address: { recipient: recipient.trim(), phone: phone.trim(), cityId: Number(cityId), line: line.trim(), note: note.trim() } };
    setBusy(true);
    try {
      const order = await checkout(fulfilment, currency);
      void navigate(`${SHOP}/orders/${order.id}/payment`);
    } catch (err) {
      setFields(byLastPart(fieldErrors(err)));
      setError(errorMessage(err, t('errors.checkout')));
      void cart.reload();
    } finally {
      setBusy(false);
    }
  };

  const data = cart.data;
  const offered = data ? WALLET_CURRENCIES.filter(([, key]) => data.totals[key] !== null).map(([c]) => c) : [];
  const currency: Currency = chosenCurrency ?? offered[0] ?? 'zp';
  const total = data ? totalIn(data, currency) : null;
  return (
    <ShopFrame title={t('checkout.title')}>
      <p>
        <Link to={`${SHOP}/cart`}>← {t('cart.title')}</Link>
      </p>
      {cart.error ? (
        <LoadFailed error={cart.error} onRetry={() => void cart.reload()} />
      ) : !data ? (
        <Skeleton height={240} />
      ) : data.lines.length === 0 ? (
        <EmptyState icon="🛒" title={t('cart.empty')}>
          <ButtonLink to={`${SHOP}/products/home`}>{t('cart.browse')}</ButtonLink>
        </EmptyState>
      ) : (
        <form className="stack checkout" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="checkout__method">
            <legend className="field__label">{t('checkout.how')}</legend>
            <div className="segmented" role="group">
              <button type="button" className="segmented__option" aria-pressed={method === 'pickup'} onClick={() => setMethod('pickup')}>
                {t('checkout.pickup')}
              </button>
              <button type="button" className="segmented__option" aria-pressed={method === 'delivery'} onClick={() => setMethod('delivery')}>
                {t('checkout.delivery')}
              </button>
            </div>
          </fieldset>
          {method === 'pickup' ? (
            points.error ? (
              <LoadFailed error={points.error} onRetry={() => void points.reload()} />
            ) : !points.data ? (
              <Skeleton height={120} />
            ) : points.data.length === 0 ? (
              <Alert tone="warning">{t('checkout.noPoints')}</Alert>
            ) : (
              <fieldset className="pickup-points">
                <legend className="field__label">{t('checkout.point')}</legend>
                {points.data.map((p) => (
                  <label key={p.id} className={pointId === p.id ? 'pickup-point pickup-point--chosen' : 'pickup-point'}>
                    <input type="radio" name="pickup-point" value={p.id} checked={pointId === p.id} onChange={() => setPointId(p.id)} />
                    <span>
                      <strong>{pick(p.name, locale)}</strong>
                      <span className="muted">{pick(p.address, locale)}</span>
                      <span className="muted">{t('checkout.hours', { hours: p.hours })}</span>
                    </span>
                  </label>
                ))}
                {fields.pickupPointId ? <span className="field__error">{fields.pickupPointId}</span> : null}
              </fieldset>
            )
          ) : (
            <div className="form-grid">
              <TextField label={t('checkout.recipient')} value={recipient} onChange={(e) => setRecipient(e.target.value)} error={fields.recipient} autoComplete="name" />
              <TextField label={t('checkout.phone')} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} error={fields.phone} autoComplete="tel" inputMode="tel" />
              <SelectField label={t('checkout.city')} value={cityId} onChange={(e) => setCityId(e.target.value)} error={fields.cityId}>
                <option value="">{cities === null ? t('loading') : t('checkout.chooseCity')}</option>
                {sortedPlaces(cities, i18n.resolvedLanguage).map((c) => (
                  <option key={c.id} value={c.id}>
                    {placeName(c)}
                  </option>
                ))}
              </SelectField>
              <TextField label={t('checkout.line')} value={line} onChange={(e) => setLine(e.target.value)} error={fields.line} autoComplete="street-address" />
              <TextField label={t('checkout.note')} value={note} onChange={(e) => setNote(e.target.value)} error={fields.note} />
            </div>
          )}
          {offered.length > 1 ? (
            <fieldset className="checkout__method">
              <legend className="field__label">{t('checkout.currency')}</legend>
              <div className="segmented" role="group">
                {offered.map((c) => (
                  <button key={c} type="button" className="segmented__option" aria-pressed={currency === c} onClick={() => setCurrency(c)}>
                    {t(`currency.${c}`)}
                  </button>
                ))}
              </div>
            </fieldset>
          ) : null}
          <div className="card cart-total">
            <p className="cart-total__sum">
              <span>{t('checkout.toPay')}</span>
              <strong data-testid="checkout-total">{total !== null ? amountIn(total, currency, locale) : '—'}</strong>
            </p>
            <p className="muted">{t('checkout.hold')}</p>
            {!cartReady(data) ? <Alert tone="warning">{t('cart.fixLines')}</Alert> : null}
            {total === null ? <Alert tone="warning">{t('checkout.notSold')}</Alert> : null}
            {error ? <Alert tone="error">{error}</Alert> : null}
            <Button type="submit" block busy={busy} disabled={!cartReady(data) || total === null}>
              {t('checkout.place')}
            </Button>
          </div>
        </form>
      )}
    </ShopFrame>
  );
}
