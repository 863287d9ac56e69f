// The contact ("send-mail") plugin, registered by app.ts under /api/products.

export { contactRoutes, CONTACT_PRODUCT } from './routes';
export type { ContactPluginOptions } from './routes';
export { CONTACT_MESSAGES, validateContact } from './messages';
