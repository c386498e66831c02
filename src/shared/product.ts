/** The product's short name lives here and nowhere else (DESIGN.md). */
export const PRODUCT_NAME = 'Kudi';
/** Lower-case slug used in routes: /transfer-kudi. */
export const PRODUCT_SLUG = PRODUCT_NAME.toLowerCase();
/** The identity provider's name as the spec keeps it in paths and messages. */
export const IDENTITY_PROVIDER = 'veriff';
export const IDENTITY_PROVIDER_LABEL = 'Veriff';
/** The API is mounted under this prefix on the server's single origin. */
export const API_PREFIX = '/api';
export const TAGLINE = 'Seamless Payments Beyond Borders';
export const SUPPORT_EMAIL = 'support@kudi.example';
