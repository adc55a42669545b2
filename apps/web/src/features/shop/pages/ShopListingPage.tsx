import { Page } from '../../../components/ui/Page';
import { usePageTitle, useRouteHandle } from '../../../lib/route-handle';

/** /tickets and /merchandise (the type comes from the route). Filled by the shop issue. */
export default function ShopListingPage() {
  const handle = useRouteHandle();
  const title = usePageTitle();
  const what = handle?.shopItemType === 'merchandise' ? 'merchandise' : 'tickets';
  return <Page title={title} lead={`All ${what} of the shop are listed here.`} />;
}
