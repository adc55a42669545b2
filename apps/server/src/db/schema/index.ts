export * from './catalog';
export * from './accounts';
export * from './cart';
export * from './orders';
export * from './refunds';
export * from './mail';
export * from './media';
export * from './invoices';
