import { Badge } from '../components/ui/Badge';
import { staffTexts } from './texts';
import { say } from '../lib/say';

/** An order's payment status as a badge in words: paid green, a problem red, waiting blue, ended grey. */
export function OrderStatusBadge({ status, id }: { status: string; id?: string }) {
  const known = staffTexts.order.statuses[status];
  return (
    <Badge tone={known?.tone ?? 'neutral'} id={id}>
      {known ? say(known.label) : status}
    </Badge>
  );
}
