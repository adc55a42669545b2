/**
 * Plain constants, free of zod: the web app's first route imports these and messages, and
 * nothing here may pull the schemas into its bundle.
 */

/** The id of the script element that carries the configuration in index.html. */
export const CONFIG_ELEMENT_ID = 'shop-config';

/** The minimum length of a new password (the reset page states it; the server enforces it). */
export const PASSWORD_MIN_LENGTH = 8;
