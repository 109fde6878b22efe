/** The profile's home address as a checkout's new delivery address (pages/student/shop/home-address.ts). */
import { homePrefill, homeText, type HomeAddress } from '../src/pages/student/shop/home-address';

const CITIES = [
  { id: 1, nameKk: 'Алматы', nameRu: 'Алматы', nameEn: 'Almaty' },
  { id: 2, nameKk: 'Өскемен', nameRu: 'Усть-Каменогорск', nameEn: 'Oskemen' },
];
const home = (city: string, apartment: string | null = '5'): HomeAddress => ({
  kind: 'home', region: null, city, street: 'Абай даңғылы', house: '10', apartment, postalCode: null, updatedAt: '2026-11-27T00:00:00.000Z',
});

describe('the home address offered at checkout', () => {
  it('finds the delivery city by its name in any language, whatever the case and a "г." before it', () => {
    expect(homePrefill(home('Алматы'), CITIES)).toEqual({ cityId: '1', line: 'Абай даңғылы 10, 5', cityText: 'Алматы' });
    expect(homePrefill(home('  г. усть-каменогорск '), CITIES).cityId).toBe('2');
    expect(homePrefill(home('Oskemen city'), CITIES).cityId).toBe('2');
    expect(homePrefill(home('Өскемен қаласы'), CITIES).cityId).toBe('2');
  });

  it('leaves the city to choose when no delivery city has that name, and fills the line all the same', () => {
    expect(homePrefill(home('Кентау', null), CITIES)).toEqual({ cityId: '', line: 'Абай даңғылы 10', cityText: 'Кентау' });
    expect(homeText(home('Алматы'))).toBe('Алматы, Абай даңғылы 10, 5');
  });
});
