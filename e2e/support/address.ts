// Each spec process signs in from an address of its own: the e2e server trusts the loopback proxy
// (TRUST_PROXY=127.0.0.1), so the login limit of 30 a minute per address counts one spec file's logins
// instead of the whole run's, however fast the machine runs the specs.
export const SPEC_ADDRESS = `10.77.${(process.pid >> 8) & 255}.${process.pid & 255}`;

/** Headers of a sign-in from this spec process. */
export const SPEC_LOGIN_HEADERS = { 'x-forwarded-for': SPEC_ADDRESS };

/** Only sign-ins carry it: clicks and every other call keep the loopback address as before. */
export const LOGIN_URLS = '**/api/auth/login*';
