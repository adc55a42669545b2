/**
 * Everything of the cart the first route does not need, as one lazy chunk: the header's panel
 * and the product page's add (personalise modal, cart calls). The app loads it when a visitor
 * reaches for the cart button or an Add to cart button.
 */
export { CartPanel } from './components/CartPanel';
export { AddTicketModal, addMerchandise } from './add-to-cart';
