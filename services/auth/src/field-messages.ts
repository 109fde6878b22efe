/** Field messages in the caller's language: the kit's helper. */
export { fieldMessage } from '@olymp/server-kit';
