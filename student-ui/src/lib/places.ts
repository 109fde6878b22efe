/**
 * The directory of places (auth's provinces, districts, schools) behind the province -> district -> school pickers
 * of registration and profile edit. Names are shown in the interface language and sorted in it.
 */
import { useEffect, useState } from 'react';
import { currentLocale } from '@olymp/web-common';
import { apiJson } from '../api/http';
import { pick } from './format';

export interface Place {
  id: number;
  nameKk: string;
  nameRu: string;
  nameEn: string;
}

/** The directory is a CRUD resource: an array, or `{ data }` when paged. */
async function places(path: string): Promise<Place[]> {
  const answer = await apiJson<Place[] | { data: Place[] }>(path);
  return Array.isArray(answer) ? answer : answer.data;
}

export function placeName(place: Place): string {
  return pick({ kk: place.nameKk, ru: place.nameRu, en: place.nameEn }, currentLocale());
}

export function sortedPlaces(list: Place[] | null, language: string | undefined): Place[] {
  return list ? [...list].sort((a, b) => placeName(a).localeCompare(placeName(b), language)) : [];
}

/** The places of a level: null while loading (or with no parent chosen), [] when the directory could not be read. */
export function usePlaces(path: string | null): Place[] | null {
  const [list, setList] = useState<Place[] | null>(null);
  useEffect(() => {
    setList(null);
    if (!path) return;
    let cancelled = false;
    places(path).then(
      (rows) => !cancelled && setList(rows),
      () => !cancelled && setList([]),
    );
    return () => {
      cancelled = true;
    };
  }, [path]);
  return list;
}

export const provincesPath = 'provinces?sort[0]=nameKk,ASC';
export const districtsPath = (province: string) => (province ? `districts?filter[0]=provinceId||$eq||${province}&sort[0]=nameKk,ASC` : null);
export const schoolsPath = (district: string) => (district ? `schools?filter[0]=districtId||$eq||${district}&sort[0]=nameKk,ASC` : null);
