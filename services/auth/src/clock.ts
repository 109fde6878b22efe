/** The auth rules' clock is the kit's (one per process, provided by the kit module). */
export { Clock } from '@olymp/server-kit';
