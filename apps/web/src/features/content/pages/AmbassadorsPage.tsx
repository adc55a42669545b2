import { Page } from '../../../components/ui/Page';
import { RichText } from '../../../components/ui/RichText';
import { useConfig } from '../../../lib/config';
import { usePageTitle } from '../../../lib/route-handle';

/** The ambassadors page at the configured path; the route only exists with title and text set. */
export default function AmbassadorsPage() {
  const { ambassadors } = useConfig();
  return (
    <Page title={usePageTitle()}>
      <RichText html={ambassadors.text} className="page__content" />
    </Page>
  );
}
