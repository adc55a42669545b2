import { message, messageWith } from '@festival/contract';

/**
 * The texts of the shop's listings and product pages (the filters, the facts, the gallery, the
 * departures, the payment plan), as messages of the catalogues (docs/decisions/0093), shown with
 * `say(...)` in the page's language. Ids are `shop.<file>.<key>`. Apart from shop.messages.ts, so
 * the first page (home) neither carries them nor waits for them: they are in the `shop` part of
 * each language's texts (apps/web/build/text-catalogues.ts).
 */
export const productTexts = {
  listing: {
    filterItems: message({ id: 'shop.ShopListingPage.filterItems', defaultMessage: 'Filter items' }),
    category: message({ id: 'shop.ShopListingPage.category', defaultMessage: 'Category' }),
    tryAgain: message({ id: 'shop.ShopListingPage.tryAgain', defaultMessage: 'Try again' }),
    allCategories: message({ id: 'shop.ShopListingPage.allCategories', defaultMessage: 'All categories' }),
    showSoldOut: message({ id: 'shop.ShopListingPage.showSoldOut', defaultMessage: 'Show sold-out items' }),
    count: messageWith<{ count: number }>({ id: 'shop.ShopListingPage.count', defaultMessage: '{count, plural, one {# item} other {# items}}' }),
  },
  productPage: {
    notFound: message({ id: 'shop.ProductPage.notFound', defaultMessage: 'Item not found' }),
    loading: message({ id: 'shop.ProductPage.loading', defaultMessage: 'Loading item…' }),
    notShown: message({ id: 'shop.ProductPage.notShown', defaultMessage: 'This item could not be shown' }),
    tryAgain: message({ id: 'shop.ProductPage.tryAgain', defaultMessage: 'Try again' }),
    /** `listing`: the listing's title (Tickets, Merchandise, or the organiser's own), lowercased where the language writes it so. */
    seeAll: messageWith<{ listing: string }>({ id: 'shop.ProductPage.seeAll', defaultMessage: 'See all {listing}' }),
    home: message({ id: 'shop.ProductPage.home', defaultMessage: 'Home' }),
    addToCart: message({ id: 'shop.ProductPage.addToCart', defaultMessage: 'Add to cart' }),
    breadcrumb: message({ id: 'shop.ProductPage.breadcrumb', defaultMessage: 'Breadcrumb' }),
    inStock: message({ id: 'shop.ProductPage.inStock', defaultMessage: 'In stock' }),
    /** `count`: the number of payments; `first`: the first payment's amount, formatted. */
    planSummary: messageWith<{ count: number; first: string }>({ id: 'shop.ProductPage.planSummary', defaultMessage: 'Pay in {count} parts: {first} when you order, the rest later.' }),
    seePlan: message({ id: 'shop.ProductPage.seePlan', defaultMessage: 'See the payment plan' }),
    /** The limit per order, as a sentence. */
    limit: messageWith<{ limit: string }>({ id: 'shop.ProductPage.limit', defaultMessage: '{limit}.' }),
    description: message({ id: 'shop.ProductPage.description', defaultMessage: 'Description' }),
    travelTime: message({ id: 'shop.ProductPage.travelTime', defaultMessage: 'Travel time' }),
    travelTimes: message({ id: 'shop.ProductPage.travelTimes', defaultMessage: 'Travel times' }),
    meetingPoint: message({ id: 'shop.ProductPage.meetingPoint', defaultMessage: 'Be at the meeting point 30 minutes before departure.' }),
    /** `zone`: the event's time zone, such as Europe/Amsterdam. */
    localTimes: messageWith<{ zone: string }>({ id: 'shop.ProductPage.localTimes', defaultMessage: 'Times are local to the event ({zone}).' }),
    paymentPlan: message({ id: 'shop.ProductPage.paymentPlan', defaultMessage: 'Payment plan' }),
    planNote: message({ id: 'shop.ProductPage.planNote', defaultMessage: 'The first payment is due when you order; the dates of the others count from today.' }),
    goodToKnow: message({ id: 'shop.ProductPage.goodToKnow', defaultMessage: 'Good to know' }),
    category: message({ id: 'shop.ProductPage.category', defaultMessage: 'Category' }),
    refundable: message({ id: 'shop.ProductPage.refundable', defaultMessage: 'Refundable' }),
    nameChanges: message({ id: 'shop.ProductPage.nameChanges', defaultMessage: 'Name changes' }),
    emailChanges: message({ id: 'shop.ProductPage.emailChanges', defaultMessage: 'E-mail changes' }),
    /** The legend of a merchandise item's variants (decision 0104). */
    variant: message({ id: 'shop.ProductPage.variant', defaultMessage: 'Size or variant' }),
    /** Add to cart pressed before a variant was chosen. */
    chooseVariant: message({ id: 'shop.ProductPage.chooseVariant', defaultMessage: 'Choose a size or variant first.' }),
    /** An add-on's required products (decision 0104): `products`, their names. */
    onlyWith: messageWith<{ products: readonly string[]; count: number }>({ id: 'shop.ProductPage.onlyWith', defaultMessage: '{count, plural, one {Only with {products}} other {Only with one of {products}}}, for the same person.' }),
  },
  productGallery: {
    /** The main image's text: the product's name, and which image it is. */
    image: messageWith<{ name: string; number: number; count: number }>({ id: 'shop.ProductGallery.image', defaultMessage: '{name}, image {number} of {count}' }),
    images: message({ id: 'shop.ProductGallery.images', defaultMessage: 'Images' }),
    show: messageWith<{ number: number; count: number }>({ id: 'shop.ProductGallery.show', defaultMessage: 'Show image {number} of {count}' }),
  },
  productFacts: {
    /** `count`: the units left, formatted. */
    left: messageWith<{ count: string }>({ id: 'shop.product-facts.left', defaultMessage: '{count} left' }),
    seatsLeft: messageWith<{ count: number; seats: string }>({ id: 'shop.product-facts.seatsLeft', defaultMessage: '{count, plural, one {1 seat left} other {{seats} seats left}}' }),
    no: message({ id: 'shop.product-facts.no', defaultMessage: 'No' }),
    yes: message({ id: 'shop.product-facts.yes', defaultMessage: 'Yes' }),
    /** `from`, `until`: dates, formatted. */
    refundFromUntil: messageWith<{ from: string; until: string }>({ id: 'shop.product-facts.refundFromUntil', defaultMessage: 'Yes, refund requests from {from} until {until}' }),
    refundUntil: messageWith<{ until: string }>({ id: 'shop.product-facts.refundUntil', defaultMessage: 'Yes, refund requests until {until}' }),
    refundFrom: messageWith<{ from: string }>({ id: 'shop.product-facts.refundFrom', defaultMessage: 'Yes, refund requests from {from}' }),
    notAllowed: message({ id: 'shop.product-facts.notAllowed', defaultMessage: 'Not allowed' }),
    allowed: message({ id: 'shop.product-facts.allowed', defaultMessage: 'Allowed' }),
    /** Name changes: `limit` is 0 for no limit. */
    nameChanges: messageWith<{ limit: number }>({
      id: 'shop.product-facts.nameChanges',
      defaultMessage: '{limit, plural, =0 {Allowed, no limit on the number of changes} one {Allowed, at most # change} other {Allowed, at most # changes}}',
    }),
    nameChangesUntil: messageWith<{ until: string; limit: number }>({
      id: 'shop.product-facts.nameChangesUntil',
      defaultMessage: '{limit, plural, =0 {Allowed until {until}, no limit on the number of changes} one {Allowed until {until}, at most # change} other {Allowed until {until}, at most # changes}}',
    }),
    perOrder: messageWith<{ limit: number }>({ id: 'shop.product-facts.perOrder', defaultMessage: 'At most {limit} per order' }),
  },
  travelTimes: {
    /** Before the departure's date and time, shown in bold. */
    departure: message({ id: 'shop.TravelTimes.departure', defaultMessage: 'Departure:' }),
  },
  paymentPlanSchedule: {
    payment: message({ id: 'shop.PaymentPlanSchedule.payment', defaultMessage: 'Payment' }),
    initialPayment: message({ id: 'shop.PaymentPlanSchedule.initialPayment', defaultMessage: 'Initial payment' }),
    instalment: messageWith<{ number: number }>({ id: 'shop.PaymentPlanSchedule.instalment', defaultMessage: 'Instalment {number}' }),
    due: message({ id: 'shop.PaymentPlanSchedule.due', defaultMessage: 'Due' }),
    amount: message({ id: 'shop.PaymentPlanSchedule.amount', defaultMessage: 'Amount' }),
    caption: messageWith<{ count: number }>({ id: 'shop.PaymentPlanSchedule.caption', defaultMessage: 'Payment plan in {count} parts' }),
    total: message({ id: 'shop.PaymentPlanSchedule.total', defaultMessage: 'Total' }),
  },
};
