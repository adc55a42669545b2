import { emptyListingText, listingItems, listingView, readListingFilter, writeListingFilter, type ListingFilter } from '@festival/contract';
import { useId } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useNavigationTarget } from '../../../lib/navigation-target';
import { Button } from '../../../components/ui/Button';
import { Dropdown } from '../../../components/ui/Dropdown';
import { Page } from '../../../components/ui/Page';
import { Loading } from '../../../components/ui/Loading';
import { errorText } from '../../../lib/api-client';
import { useConfig } from '../../../lib/config';
import { usePageTitle, useRouteHandle } from '../../../lib/route-handle';
import { useUserData } from '../../../lib/user-data';
import { ProductGrid } from '../components/ProductCard';
import { typeLabel } from '../shop-items';
import './shop-listing.css';
import { say } from '../../../lib/say';
import { productTexts } from '../product.messages';

/** "All" in the sub-type dropdown: no type parameter. */
const ALL_TYPES = '';

/**
 * /tickets and /merchandise (the shop comes from the route; the route guard sends visitors
 * home while that shop is off). Filters live in the URL, so a reload or a shared link keeps them,
 * and Back undoes a filter change.
 */
export default function ShopListingPage() {
  const handle = useRouteHandle();
  const shop = handle?.shopItemType ?? 'tickets';
  const title = usePageTitle();
  const config = useConfig();
  const userData = useUserData();
  const [searchParams, setSearchParams] = useSearchParams();
  const stockId = useId();
  // A filter change is a navigation (the URL holds the filter); while it runs, the controls
  // and the items already follow the URL it goes to, so a click shows its effect at once.
  const location = useLocation();
  const target = useNavigationTarget();
  const pending = target?.pathname === location.pathname ? new URLSearchParams(target.search) : null;
  const params = pending ?? searchParams;

  const filter = readListingFilter(params, config.includeOutOfStockDefault);
  const view = listingView(userData.data ? listingItems(userData.data, shop) : [], filter);
  // Each filter change is a history entry of its own (issue 19): Back returns to the previous filter, not off the listing.
  const setFilter = (next: ListingFilter) =>
    setSearchParams(writeListingFilter(params, next, config.includeOutOfStockDefault));

  if (userData.isPending) {
    return (
      <Page title={title}>
        <Loading />
      </Page>
    );
  }
  if (userData.isError) {
    return (
      <Page title={title}>
        <div className="alert alert--danger" role="alert">
          {errorText(userData.error)}
        </div>
        <div className="button-row listing__retry">
          <Button onClick={() => void userData.refetch()} loading={userData.isFetching}>
            {say(productTexts.listing.tryAgain)}
          </Button>
        </div>
      </Page>
    );
  }

  return (
    <Page title={title} className="listing">
      <div className="listing__filters" role="group" aria-label={say(productTexts.listing.filterItems)}>
        {view.types.length > 1 && (
          <Dropdown
            id="listing-type"
            className="listing__type"
            label={say(productTexts.listing.category)}
            value={view.type ?? ALL_TYPES}
            onChange={(type) => setFilter({ ...filter, type: type || null })}
            options={[{ value: ALL_TYPES, label: say(productTexts.listing.allCategories) }, ...view.types.map((type) => ({ value: type, label: typeLabel(type, config.typeNames) }))]}
          />
        )}
        <div className="listing__options">
          <div className="listing__stock">
            <input
              id={stockId}
              type="checkbox"
              className="checkbox"
              checked={filter.includeOutOfStock}
              onChange={(event) => setFilter({ ...filter, includeOutOfStock: event.target.checked })}
            />
            <label htmlFor={stockId}>{say(productTexts.listing.showSoldOut)}</label>
          </div>
          <p className="listing__count" role="status" id="listing-count">
            {say(productTexts.listing.count({ count: view.visible.length }))}
          </p>
        </div>
      </div>

      {view.visible.length > 0 ? (
        <ProductGrid items={view.visible} id="listing-items" aria-labelledby="page-title" />
      ) : (
        <p className="listing__empty" id="listing-empty">
          {say(emptyListingText(config.texts.outOfStock))}
        </p>
      )}
    </Page>
  );
}
