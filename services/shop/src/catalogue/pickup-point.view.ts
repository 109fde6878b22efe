import type { PickupPoint } from './catalogue.entities';

/** A pickup point as the public reads it. */
export const pickupPointView = (p: PickupPoint) => ({
  id: p.id,
  name: { kk: p.nameKk, ru: p.nameRu, en: p.nameEn },
  address: { kk: p.addressKk, ru: p.addressRu, en: p.addressEn },
  hours: p.hours,
  provinceId: p.provinceId,
});
export type PickupPointView = ReturnType<typeof pickupPointView>;
