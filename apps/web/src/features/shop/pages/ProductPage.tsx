import { shopFrontMessages, type ShopItem } from '@festival/contract';
import { useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { Button } from '../../../components/ui/Button';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { Loading } from '../../../components/ui/Loading';
import { Page } from '../../../components/ui/Page';
import { RichText } from '../../../components/ui/RichText';
import { ApiError, errorText } from '../../../lib/api-client';
import { useCartActions } from '../../../lib/cart-actions';
import { useConfig } from '../../../lib/config';
import { useDocumentTitle } from '../../../lib/page-title';
import { useRouteHandle } from '../../../lib/route-handle';
import { resolvePageTitle } from '../../../lib/title';
import { useFormat } from '../../../lib/use-format';
import { useShopItem } from '../api/shop-item';
import { PaymentPlanSchedule } from '../components/PaymentPlanSchedule';
import { ProductGallery } from '../components/ProductGallery';
import { TravelTimes } from '../components/TravelTimes';
import { VariantChoice } from '../components/VariantChoice';
import { preselectedVariant, requiredProductsText, variantItem } from '../variant-choice';
import { limitText, nameChangeText, refundText, stockText } from '../product-facts';
import { galleryImages, itemPrice, nextPriceText, priceNote, productPath, typeLabel } from '../shop-items';
import './product.css';
import { currentLanguage } from '../../../lib/language';
import { say } from '../../../lib/say';
import { appTexts } from '../../../app/app.messages';
import { productTexts } from '../product.messages';

const t = productTexts.productPage;

/** A listing's title inside a sentence: lowercased, but in German, whose nouns keep their capital. */
function listingInSentence(title: string): string {
  const language = currentLanguage();
  return language === 'de' ? title : title.toLocaleLowerCase(language);
}

/** The listing a product page belongs to, with the listing's (configurable) title. */
function useListing() {
  const config = useConfig();
  const shop = useRouteHandle()?.shopItemType ?? 'tickets';
  const path = `/${shop}`;
  const fallback = shop === 'merchandise' ? appTexts.routeTable.merchandise : appTexts.routeTable.tickets;
  const title = resolvePageTitle({ name: shop, title: fallback }, config) ?? say(fallback);
  return { shop, path, title };
}

/** /tickets/:item and /merchandise/:item: one item by its external code (get-shop-item). */
export default function ProductPage() {
  const { item: code = '' } = useParams();
  const listing = useListing();
  const query = useShopItem(code);
  const item = query.data;
  const notFound = query.isError && query.error instanceof ApiError && query.error.status === 404;
  useDocumentTitle(item ? item.name : notFound ? say(t.notFound) : null);

  if (item) {
    // A link to a ticket under /merchandise (or the other way round) goes to its own page.
    if (item.shop_item_type !== listing.shop) return <Navigate to={productPath(item)} replace />;
    return <ProductView item={item} listing={listing} />;
  }
  if (query.isPending) return <Loading label={say(t.loading)} />;

  return (
    <Page title={say(notFound ? t.notFound : t.notShown)} className="product-missing">
      <div className={notFound ? 'alert alert--info' : 'alert alert--danger'} role={notFound ? undefined : 'alert'} id="product-error">
        {errorText(query.error)}
      </div>
      <div className="button-row product-missing__actions">
        {!notFound && (
          <Button onClick={() => void query.refetch()} loading={query.isFetching}>
            {say(t.tryAgain)}
          </Button>
        )}
        <ButtonLink to={listing.path} variant={notFound ? 'primary' : 'secondary'} id="product-back-to-listing">
          {say(t.seeAll({ listing: listingInSentence(listing.title) }))}
        </ButtonLink>
        <ButtonLink to="/" variant="ghost">
          {say(t.home)}
        </ButtonLink>
      </div>
    </Page>
  );
}

/**
 * Tickets open the personalise modal; merchandise goes straight into the cart (the app's cart
 * actions). The button stays enabled while that runs (a second press is ignored): disabling it
 * would drop keyboard focus, which the modal hands back to it when it closes.
 */
function AddToCartButton({ item, unchosen }: { item: ShopItem; unchosen?: () => void }) {
  const cart = useCartActions();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      id="add-to-cart"
      size="lg"
      className="product__add"
      disabled={!item.in_stock}
      aria-busy={busy || undefined}
      onPointerEnter={cart.prepareAddToCart}
      onFocus={cart.prepareAddToCart}
      onClick={() => {
        if (busy) return;
        // A group's variant must be chosen first (decision 0104): said at the choice, which gets the focus.
        if (unchosen) return unchosen();
        setBusy(true);
        void cart.addToCart(item).finally(() => setBusy(false));
      }}
    >
      {say(t.addToCart)}
    </Button>
  );
}

interface ProductViewProps {
  item: ShopItem;
  listing: { path: string; title: string };
}

function ProductView({ item, listing }: ProductViewProps) {
  const { typeNames } = useConfig();
  const format = useFormat();
  // Deadlines of an event read in the event's zone; without one, in the visitor's.
  const date = (value: string) => format.date(value, item.timezone, 'date');
  const stock = stockText(item, format.number);
  const limit = limitText(item.limit_per_order);
  const isTransport = item.travel_time_type !== null && (item.travel_time !== null || item.travel_times.length > 0);
  const plan = item.has_payment_plan && item.payment_plan?.length ? item.payment_plan : null;
  const next = nextPriceText(item, format);
  const onlyWith = requiredProductsText(item);
  // A group's variants: the one chosen is what Add to cart adds (decision 0104).
  const [chosenId, setChosenId] = useState<number | null>(() => preselectedVariant(item)?.id ?? null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const firstVariant = useRef<HTMLInputElement>(null);
  const variants = item.variants?.length ? item.variants : null;
  const chosen = variants?.find((variant) => variant.id === chosenId) ?? null;
  const toAdd = chosen ? variantItem(item, chosen) : item;

  return (
    <article className="product" aria-labelledby="page-title" data-code={item.external_code}>
      <nav aria-label={say(t.breadcrumb)} className="breadcrumb">
        <ol>
          <li>
            <Link to="/">{say(t.home)}</Link>
          </li>
          <li>
            <Link to={listing.path} id="breadcrumb-listing">
              {listing.title}
            </Link>
          </li>
          <li>
            <span aria-current="page">{item.name}</span>
          </li>
        </ol>
      </nav>

      <div className="product__top">
        {/* Remounted per item, so another item starts at its first image. */}
        <ProductGallery key={item.external_code} images={galleryImages(item)} name={item.name} />

        <div className="product__summary">
          <p className="product__eyebrow">
            {typeLabel(item.type, typeNames)}
            {item.event && <span className="product__event"> · {item.event}</span>}
          </p>
          <h1 id="page-title" className="product__name">
            {item.name}
          </h1>
          <p className="product__price" id="product-price">
            <span className="product__amount">{format.money(itemPrice(item))}</span>{' '}
            <span className="product__price-note">{priceNote(item.fee)}</span>
          </p>
          {next && (
            <p className="product__next-price" id="product-next-price">
              {say(next)}
            </p>
          )}
          <p className="product__availability" id="product-availability">
            {item.in_stock ? <Badge tone="success">{say(t.inStock)}</Badge> : <Badge tone="danger">{say(shopFrontMessages.soldOut)}</Badge>}
            {stock && <span className="product__stock">{stock}</span>}
          </p>
          {plan && (
            <p className="product__plan-summary">
              {say(t.planSummary({ count: plan.length, first: format.money(plan[0]?.amount ?? 0) }))}{' '}
              <a href="#payment-plan-title">{say(t.seePlan)}</a>
            </p>
          )}
          {onlyWith && (
            <p className="product__only-with" id="product-only-with">
              {say(onlyWith)}
            </p>
          )}
          {variants && (
            <VariantChoice
              variants={variants}
              chosen={chosenId}
              error={choiceError}
              firstRef={firstVariant}
              onChoose={(id) => {
                setChosenId(id);
                setChoiceError(null);
              }}
            />
          )}
          <AddToCartButton
            item={toAdd}
            unchosen={
              variants && !chosen
                ? () => {
                    setChoiceError(say(t.chooseVariant));
                    firstVariant.current?.focus();
                  }
                : undefined
            }
          />
          {limit && <p className="product__limit">{say(t.limit({ limit }))}</p>}
        </div>
      </div>

      <div className="product__details">
        {item.shop_description && (
          <section className="product__section" aria-labelledby="description-title">
            <h2 id="description-title">{say(t.description)}</h2>
            {/* The server sanitises catalogue HTML at import, as it does configured texts. */}
            <RichText html={item.shop_description} className="product__description" id="product-description" />
          </section>
        )}

        {isTransport && (
          <section className="product__section" aria-labelledby="travel-times-title">
            <h2 id="travel-times-title">{say(item.travel_time_type === 'fixed' ? t.travelTime : t.travelTimes)}</h2>
            <TravelTimes item={item} />
            <p className="product__note">
              {say(t.meetingPoint)}
              {item.timezone && ` ${say(t.localTimes({ zone: item.timezone.replace(/_/g, ' ') }))}`}
            </p>
          </section>
        )}

        {plan && (
          <section className="product__section" aria-labelledby="payment-plan-title">
            <h2 id="payment-plan-title">{say(t.paymentPlan)}</h2>
            <p className="product__note">{say(t.planNote)}</p>
            <PaymentPlanSchedule plan={plan} />
          </section>
        )}

        <section className="product__section" aria-labelledby="facts-title">
          <h2 id="facts-title">{say(t.goodToKnow)}</h2>
          <dl className="facts" id="product-facts">
            <div>
              <dt>{say(t.category)}</dt>
              <dd>{typeLabel(item.type, typeNames)}</dd>
            </div>
            <div>
              <dt>{say(t.refundable)}</dt>
              <dd>{refundText(item, date)}</dd>
            </div>
            {/* Holders' names and e-mail addresses belong to tickets; merchandise has none. */}
            {item.shop_item_type === 'tickets' && (
              <>
                <div>
                  <dt>{say(t.nameChanges)}</dt>
                  <dd>{nameChangeText(item, date)}</dd>
                </div>
                <div>
                  <dt>{say(t.emailChanges)}</dt>
                  <dd>{say(item.allow_email_changes ? productTexts.productFacts.allowed : productTexts.productFacts.notAllowed)}</dd>
                </div>
              </>
            )}
          </dl>
        </section>
      </div>
    </article>
  );
}
