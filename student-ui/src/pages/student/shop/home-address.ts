/**
 * The pupil's home address from their profile (auth's `GET /api/users/{id}/home-address`), as a new delivery
 * address of the checkout: auth keeps the city as typed text and the street, house and apartment apart; the shop
 * wants one of auth's delivery cities (by id) and one address line. Pure: no React, no fetching.
 */
import type { AddressView } from '@olymp/proto';
import type { Place } from '../../../lib/places';

export type HomeAddress = AddressView;

export interface HomePrefill {
  /** The delivery city whose name (in any language) is the home city, or '' when none is. */
  cityId: string;
  /** "Абай даңғылы 10, 5": street and house, then the apartment. */
  line: string;
  /** The home city as the profile has it, to say which city was not found among the delivery cities. */
  cityText: string;
}

/** Lower case, one space, no "г." / "қ." / "city" around the name ("г. Алматы" is Алматы). */
function cityKey(name: string): string {
  return name
    .toLocaleLowerCase('ru')
    .replace(/ё/g, 'е')
    .replace(/[.,]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !['г', 'город', 'қ', 'қаласы', 'city', 'of'].includes(w))
    .join(' ');
}

export function homePrefill(home: HomeAddress, cities: readonly Place[]): HomePrefill {
  const key = cityKey(home.city);
  const city = cities.find((c) => [c.nameKk, c.nameRu, c.nameEn].some((n) => cityKey(n) === key));
  const line = [`${home.street} ${home.house}`.trim(), home.apartment?.trim() ?? ''].filter(Boolean).join(', ');
  return { cityId: city ? String(city.id) : '', line, cityText: home.city.trim() };
}

/** The address as the offer shows it: "Алматы, Абай даңғылы 10, 5". */
export function homeText(home: HomeAddress): string {
  return [home.city.trim(), homePrefill(home, []).line].filter(Boolean).join(', ');
}
