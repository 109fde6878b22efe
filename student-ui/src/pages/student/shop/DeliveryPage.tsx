/**
 * cart/delivery (checkout): collect at a pickup point, have it delivered to a saved address or a new one (city from
 * auth's delivery cities; a new one can be saved for next time; with none saved yet, the home address of the pupil's
 * profile is offered and fills the new one in, to check and save), or to a parcel point of a city; pickup points are
 * those of the pupil's own region at first (any region, or all, can be chosen); the currency is any
 * the whole cart is priced in (ZP, Altyn Saqa, tenge). Then the order is placed, its stock held for the payment
 * window, and the pupil goes on to pay.
 */
import { currentLocale } from '@olymp/web-common';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { checkout, getAddresses, getCart, getDeliveryPoints, getHomeAddress, getPickupPoints, saveAddress, type Currency, type Fulfilment, type ShopCart } from '../../../api/shop';
import { useAuth } from '../../../auth/AuthProvider';
import { errorMessage, fieldErrors } from '../../../auth/otp';
import { Alert, Button, ButtonLink, Checkbox, EmptyState, SelectField, Skeleton, TextField } from '../../../design';
import { usePageTitle } from '../../../hooks/usePageTitle';
import { LoadFailed } from '../../../layouts/LoadFailed';
import { pick } from '../../../lib/format';
import { placeName, provincesPath, sortedPlaces, usePlaces } from '../../../lib/places';
import { useApi } from '../../../lib/useApi';
import { cartReady } from './CartPage';
import { homePrefill, homeText, type HomePrefill } from './home-address';
import { SHOP, ShopFrame, amountIn } from './parts';

/** The currencies the whole cart can be paid in (a product without a price in one rules it out), in this order. */
const CURRENCIES = [
  ['zp', 'zp'],
  ['altyn_saqa', 'altynSaqa'],
  ['tenge', 'tenge'],
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
  /** The region whose pickup points are offered ('' for all): the pupil's own at first. */
  const [region, setRegion] = useState(user?.provinceId ? String(user.provinceId) : '');
  const provinces = usePlaces(provincesPath);
  const points = useApi(() => getPickupPoints(region ? Number(region) : undefined), `points:${region}`);
  const cities = usePlaces('cities');
  const addresses = useApi(getAddresses, 'addresses');
  // The profile's home address (auth), offered while the pupil has no saved address; none, or unreadable: no offer.
  const home = useApi(user ? () => getHomeAddress(user.uuid).catch(() => null) : null, `home:${user?.uuid ?? ''}`);
  /** What the offer filled in, once taken (the form is the pupil's to edit from then on). */
  const [fromHome, setFromHome] = useState<HomePrefill | null>(null);
  const [method, setMethod] = useState<'pickup' | 'delivery' | 'delivery_point'>('pickup');
  /** A saved address's id, or '' for a new one typed here. */
  const [addressId, setAddressId] = useState<string | null>(null);
  const [keep, setKeep] = useState(false);
  const [parcelCityId, setParcelCityId] = useState('');
  const [parcelPointId, setParcelPointId] = useState('');
  const parcelPoints = useApi(parcelCityId ? () => getDeliveryPoints(Number(parcelCityId)) : null, `parcel:${parcelCityId}`);
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

  // A saved address is offered first; '' (or none saved) is a new one typed here.
  const saved = addresses.data ?? [];
  const chosenAddress = addressId ?? saved[0]?.id ?? '';

  const homeAddress = home.data ?? null;
  const offerHome = Boolean(addresses.data && saved.length === 0 && homeAddress && !fromHome);
  const useHome = () => {
    if (!homeAddress) return;
    const filled = homePrefill(homeAddress, cities ?? []);
    setFromHome(filled);
    if (filled.cityId) setCityId(filled.cityId);
    setLine(filled.line);
    // Recipient and phone are the pupil's own already; the address is kept for next time unless they untick it.
    setKeep(true);
  };

  const cityName = (id: number) => {
    const city = cities?.find((c) => c.id === id);
    return city ? placeName(city) : '';
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFields({});
    const missing: Record<string, string> = {};
    if (method === 'pickup' && !pointId) missing.pickupPointId = t('checkout.choosePoint');
    if (method === 'delivery_point') {
      if (!parcelPointId) missing.deliveryPointId = t('checkout.chooseParcelPoint');
      if (!recipient.trim()) missing.recipient = t('checkout.required');
      if (!phone.trim()) missing.phone = t('checkout.required');
    }
    if (method === 'delivery' && !chosenAddress) {
      if (!recipient.trim()) missing.recipient = t('checkout.required');
      if (!phone.trim()) missing.phone = t('checkout.required');
      if (!cityId) missing.cityId = t('checkout.required');
      if (!line.trim()) missing.line = t('checkout.required');
    }
    if (Object.keys(missing).length) {
      setFields(missing);
      return;
    }
    const address = { recipient: recipient.trim(), phone: phone.trim(), cityId: Number(cityId), line: line.trim(), note: note.trim() };
    const fulfilment: Fulfilment =
      method === 'pickup'
        ? { method: 'pickup', pickupPointId: pointId }
        : method === 'delivery_point'
          ? { method: 'delivery_point', deliveryPointId: parcelPointId, recipient: recipient.trim(), phone: phone.trim() }
          : chosenAddress
            ? { method: 'delivery', addressId: chosenAddress }
            : { method: 'delivery', address };
    setBusy(true);
    try {
      if (method === 'delivery' && !chosenAddress && keep) {
        await saveAddress(address);
        void addresses.reload();
      }
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
  const offered = data ? CURRENCIES.filter(([, key]) => data.totals[key] !== null).map(([c]) => c) : [];
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
              <button type="button" className="segmented__option" aria-pressed={method === 'delivery_point'} onClick={() => setMethod('delivery_point')}>
                {t('checkout.parcelPoint')}
              </button>
            </div>
          </fieldset>
          {method === 'pickup' ? (
            <div className="stack">
              <SelectField label={t('checkout.region')} value={region} onChange={(e) => {
                setRegion(e.target.value);
                setPointId('');
              }}>
                <option value="">{provinces === null ? t('loading') : t('checkout.allRegions')}</option>
                {sortedPlaces(provinces, i18n.resolvedLanguage).map((p) => (
                  <option key={p.id} value={p.id}>
                    {placeName(p)}
                  </option>
                ))}
              </SelectField>
              {points.error ? (
                <LoadFailed error={points.error} onRetry={() => void points.reload()} />
              ) : !points.data ? (
                <Skeleton height={120} />
              ) : points.data.length === 0 ? (
                <Alert tone="warning">{region ? t('checkout.noPointsInRegion') : t('checkout.noPoints')}</Alert>
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
              )}
            </div>
          ) : method === 'delivery_point' ? (
            <div className="stack">
              <SelectField label={t('checkout.city')} value={parcelCityId} onChange={(e) => {
                setParcelCityId(e.target.value);
                setParcelPointId('');
              }}>
                <option value="">{cities === null ? t('loading') : t('checkout.chooseCity')}</option>
                {sortedPlaces(cities, i18n.resolvedLanguage).map((c) => (
                  <option key={c.id} value={c.id}>
                    {placeName(c)}
                  </option>
                ))}
              </SelectField>
              {!parcelCityId ? null : parcelPoints.error ? (
                <LoadFailed error={parcelPoints.error} onRetry={() => void parcelPoints.reload()} />
              ) : !parcelPoints.data ? (
                <Skeleton height={80} />
              ) : parcelPoints.data.length === 0 ? (
                <Alert tone="warning">{t('checkout.noParcelPoints')}</Alert>
              ) : (
                <fieldset className="pickup-points" data-testid="parcel-points">
                  <legend className="field__label">{t('checkout.parcelPoint')}</legend>
                  {parcelPoints.data.map((p) => (
                    <label key={p.id} className={parcelPointId === p.id ? 'pickup-point pickup-point--chosen' : 'pickup-point'}>
                      <input type="radio" name="parcel-point" value={p.id} checked={parcelPointId === p.id} onChange={() => setParcelPointId(p.id)} />
                      <span>
                        <strong>{pick(p.name, locale)}</strong>
                        <span className="muted">{pick(p.address, locale)}</span>
                        <span className="muted">{t('checkout.hours', { hours: p.hours })}</span>
                      </span>
                    </label>
                  ))}
                </fieldset>
              )}
              {fields.deliveryPointId ? <span className="field__error">{fields.deliveryPointId}</span> : null}
              <div className="form-grid">
                <TextField label={t('checkout.recipient')} value={recipient} onChange={(e) => setRecipient(e.target.value)} error={fields.recipient} autoComplete="name" />
                <TextField label={t('checkout.phone')} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} error={fields.phone} autoComplete="tel" inputMode="tel" />
              </div>
            </div>
          ) : (
            <div className="stack">
              {saved.length ? (
                <fieldset className="pickup-points" data-testid="saved-addresses">
                  <legend className="field__label">{t('checkout.savedAddresses')}</legend>
                  {saved.map((a) => (
                    <label key={a.id} className={chosenAddress === a.id ? 'pickup-point pickup-point--chosen' : 'pickup-point'}>
                      <input type="radio" name="address" value={a.id} checked={chosenAddress === a.id} onChange={() => setAddressId(a.id)} />
                      <span>
                        <strong>{a.label || a.recipient}</strong>
                        <span className="muted">{[cityName(a.cityId), a.line].filter(Boolean).join(', ')}</span>
                        <span className="muted">{`${a.recipient}, ${a.phone}`}</span>
                      </span>
                    </label>
                  ))}
                  <label className={chosenAddress === '' ? 'pickup-point pickup-point--chosen' : 'pickup-point'}>
                    <input type="radio" name="address" value="" checked={chosenAddress === ''} onChange={() => setAddressId('')} />
                    <span>
                      <strong>{t('checkout.newAddress')}</strong>
                    </span>
                  </label>
                </fieldset>
              ) : null}
              {offerHome && homeAddress ? (
                <div className="card stack" data-testid="home-address-offer">
                  <p>
                    {t('checkout.homeOffer')} <strong>{homeText(homeAddress)}</strong>
                  </p>
                  <Button type="button" variant="secondary" onClick={useHome} disabled={cities === null}>
                    {t('checkout.useHome')}
                  </Button>
                </div>
              ) : null}
              {fromHome ? (
                <Alert tone={fromHome.cityId ? 'info' : 'warning'}>
                  {fromHome.cityId ? t('checkout.homeFilled') : t('checkout.homeCityMissing', { city: fromHome.cityText })}
                </Alert>
              ) : null}
              {chosenAddress === '' ? (
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
                  <Checkbox label={t('checkout.keepAddress')} checked={keep} onChange={(e) => setKeep(e.target.checked)} />
                </div>
              ) : null}
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
