// oidc-provider ships no types (and @types/oidc-provider is not installed); the suite uses a few options.
declare module 'oidc-provider';
