import { useParams } from 'react-router';
import { Page } from '../../../components/ui/Page';
import { usePageTitle } from '../../../lib/route-handle';

/** /tickets/:item and /merchandise/:item (item = external code). Filled by the shop issue. */
export default function ProductPage() {
  const { item = '' } = useParams();
  const title = usePageTitle();
  return <Page title={title} lead={`Details of item ${item} are shown here.`} />;
}
