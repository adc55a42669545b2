import { Loading } from '../../components/ui/Loading';

/** Shown in the page area while a page's code or its access check loads. */
export function PageLoading() {
  return <Loading />;
}
