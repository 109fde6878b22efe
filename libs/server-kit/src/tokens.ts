/** Injection tokens of the kit. */
export const KIT_CONFIG = Symbol('KIT_CONFIG');
export const KIT_LOGGER = Symbol('KIT_LOGGER');
