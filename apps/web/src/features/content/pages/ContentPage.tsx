import { Page } from '../../../components/ui/Page';
import { RichText } from '../../../components/ui/RichText';
import { useConfig } from '../../../lib/config';
import { usePageTitle, useRouteHandle } from '../../../lib/route-handle';

/** Cookie policy, FAQs, privacy policy, security statement, terms: configured rich text. */
export default function ContentPage() {
  const config = useConfig();
  const handle = useRouteHandle();
  const title = usePageTitle();
  const html = handle?.contentText ? config.texts[handle.contentText] : null;
  return (
    <Page title={title}>
      <RichText html={html} className="page__content" />
    </Page>
  );
}
