/** Events for the pupil (docs/learning.md, "Events"): the upcoming ones, one event, its calendar file, its centre. */
import type { EventListReply, EventPageReply, EventView } from '@olymp/proto';
import { apiJson } from './http';
import { authJson, downloadWithToken } from './session';

export type { EventView } from '@olymp/proto';

export const getMyEvents = () => authJson<EventListReply>('my-events').then((a) => a.data);
export const getMyEvent = (id: string) => authJson<EventPageReply>(`my-events/${id}`).then((a) => a.data);

/** A centre of the directory (read by anyone): where an offline event is held. */
export interface Centre { id: number; nameKk: string; nameRu: string; nameEn: string; address: string }
export const getCentre = (id: number) => apiJson<Centre>(`centers/${id}`);

/**
 * "Add to calendar": the .ics in the pupil's language, fetched with the token (a plain link could not carry it)
 * and handed to the browser as a download; phones open it in their calendar app.
 */
export function downloadCalendar(event: EventView): Promise<void> {
  return downloadWithToken(`my-events/${event.id}/calendar`, (name) => name ?? `event-${event.id}.ics`);
}
