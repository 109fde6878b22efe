/**
 * DEVELOPMENT ONLY. A published Ed25519 key pair so a fresh clone can sign and verify tokens with no setup.
 * Anyone can read it, so production refuses to start with it (see config.ts): set AUTH_PRIVATE_KEY and
 * AUTH_PUBLIC_KEY to your own pair there.
 */
export const DEV_PUBLIC_KEY_PEM = "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAehTC5LPQf1V/RLOgOUYtQVJXgPU+AePE63tnnCo9ygg=\n-----END PUBLIC KEY-----\n";
export const DEV_PRIVATE_KEY_PEM = "-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIP6ZYw5101QOb8YN5EmJdhBM0Zh2UAeSSflTwiEb/J5j\n-----END PRIVATE KEY-----\n";
