import { DASHBOARD_PAYMENT_STATUSES, type DashboardAnswer } from '@festival/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '../../components/ui/Badge';
import { DataTable } from '../../components/ui/DataTable';
import { Dropdown } from '../../components/ui/Dropdown';
import { Page } from '../../components/ui/Page';
import { staffCall } from '../api';
import { barHeights, bucketLabel, stockShares, type StockFigures } from '../dashboard-figures';
import { Loading } from '../../components/ui/Loading';
import { LoadFailed } from '../LoadStates';
import { formatAmount, staffLocale } from '../money';
import { mayCall } from '../sections';
import { staffTexts } from '../texts';
import { useMember } from '../use-member';
import { formatStaffTime } from '../times';
import { StockLegend } from '../StockLegend';
import { say } from '../../lib/say';

const texts = staffTexts.dashboard;

/**
 * The dashboard of one event (issue 22 point 2): stock and seats, orders and money, sales over
 * time, payment statuses, refund requests and check-ins. It asks again by itself as often as the
 * shop says (every few seconds while a sale runs, every minute otherwise), and not while the tab
 * is hidden; one answer per event is shared by every open dashboard of an instance (decision 0043).
 */
export default function DashboardPage() {
  const member = useMember();
  const [search, setSearch] = useSearchParams();
  const event = search.get('event') ?? undefined;
  const dashboard = useQuery({
    queryKey: ['dashboard', event ?? ''],
    queryFn: () => staffCall('dashboard', event ? { event } : {}),
    refetchInterval: (query) => (query.state.data?.refresh_seconds ?? 60) * 1000,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
  });

  if (dashboard.isPending) return <Loading />;
  if (!dashboard.data) {
    return (
      <Page title={say(texts.title)}>
        <LoadFailed error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      </Page>
    );
  }
  const data = dashboard.data;
  const money = (minor: number) => formatAmount(minor, data.currency);
  const updated = formatStaffTime(data.generated_at, data.timezone, 'time-seconds', staffLocale());

  return (
    <Page title={say(texts.title)} lead={data.event.name}>
      <div className="staff-dash-bar">
        {data.events.length > 1 && (
          <Dropdown
            label={say(texts.event)}
            options={data.events.map((item) => ({ value: item.code, label: item.name }))}
            value={data.event.code}
            onChange={(code) => setSearch(code ? { event: code } : {})}
          />
        )}
        <p className="staff-dash-updated" role="status">
          {data.sales.live && <Badge tone="info">{say(texts.live)}</Badge>} {texts.updated(updated)}
          {dashboard.isError && <span className="staff-dash-stale"> {say(texts.stale)}</span>}
        </p>
      </div>

      <section className="staff-dash-cards" aria-label={say(texts.moneyTitle)}>
        <Figure label={say(texts.ordersToday)} value={String(data.orders.today.orders)} detail={money(data.orders.today.net)} />
        <Figure label={say(texts.ordersTotal)} value={String(data.orders.total.orders)} detail={texts.netOf(money(data.orders.total.net))} />
        <Figure label={say(texts.gross)} value={money(data.orders.total.gross)} detail={texts.refundedOf(money(data.orders.total.refunded))} />
        <Figure
          label={say(texts.refundRequests)}
          value={String(data.refund_requests.open)}
          detail={money(data.refund_requests.amount)}
          link={mayCall(member.role, 'refund-requests') && data.refund_requests.open > 0 ? { to: '/refunds', text: say(texts.openRefunds) } : undefined}
        />
      </section>

      <SalesChart data={data} money={money} />

      <section className="card staff-dash-section" aria-labelledby="dash-stock">
        <h2 id="dash-stock">{say(texts.stockTitle)}</h2>
        <StockLegend labels={texts} />
        <StockBars rows={[...data.products, ...data.merchandise].map((product) => ({ key: product.code, label: product.name, note: product.on_sale ? null : say(texts.notOnSale), figures: product }))} caption={say(texts.stockTitle)} />
        {data.departures.length > 0 && (
          <>
            <h3>{say(texts.departuresTitle)}</h3>
            <StockBars
              rows={data.departures.map((departure) => ({
                key: `${departure.product}-${departure.departs_at}`,
                label: `${departure.product_name}, ${formatStaffTime(departure.departs_at, data.timezone, 'date-time', staffLocale())}`,
                note: departure.active ? null : say(texts.notOnSale),
                figures: departure,
              }))}
              caption={say(texts.departuresTitle)}
            />
          </>
        )}
      </section>

      <div className="staff-dash-columns">
        <section className="card staff-dash-section" aria-labelledby="dash-payments">
          <h2 id="dash-payments">{say(texts.paymentsTitle)}</h2>
          <CountBars
            caption={say(texts.paymentsTitle)}
            rows={DASHBOARD_PAYMENT_STATUSES.map((status) => ({ key: status, label: say(texts.statuses[status]), value: data.payment_statuses[status] }))}
          />
        </section>
        <section className="card staff-dash-section" aria-labelledby="dash-checkins">
          <h2 id="dash-checkins">{say(texts.checkinsTitle)}</h2>
          {data.checkins.length === 0 ? (
            <p className="text-muted">{say(texts.noLists)}</p>
          ) : (
            data.checkins.map((list) => (
              <div key={list.code} className="staff-dash-list">
                <h3>
                  {list.name} {!list.active && <Badge tone="neutral">{say(texts.listOff)}</Badge>}
                </h3>
                <p className="staff-dash-inside">
                  <strong>{list.inside}</strong> {say(texts.insideNow)} · {texts.admitted(list.admitted)}
                </p>
                <CountBars caption={texts.gatesOf(list.name)} rows={list.gates.map((gate) => ({ key: gate.gate, label: gate.gate, value: gate.inside, detail: texts.admitted(gate.admitted) }))} valueLabel={say(texts.insideNow)} />
              </div>
            ))
          )}
        </section>
      </div>

      <section className="card staff-dash-section" aria-labelledby="dash-complimentary">
        <h2 id="dash-complimentary">{say(texts.complimentaryTitle)}</h2>
        <p className="text-muted">{say(texts.complimentaryLead)}</p>
        {data.complimentary.length === 0 ? (
          <p className="text-muted">{say(texts.complimentaryNone)}</p>
        ) : (
          <CountBars caption={say(texts.complimentaryTitle)} rows={data.complimentary.map((row) => ({ key: row.list, label: row.list, value: row.tickets }))} valueLabel={say(texts.complimentaryTickets)} />
        )}
      </section>
    </Page>
  );
}

function Figure({ label, value, detail, link }: { label: string; value: string; detail: string; link?: { to: string; text: string } }) {
  return (
    <div className="staff-dash-figure">
      <p className="staff-dash-figure__label">{label}</p>
      <p className="staff-dash-figure__value">{value}</p>
      <p className="staff-dash-figure__detail">
        {detail}
        {link && (
          <>
            {' · '}
            <Link to={link.to}>{link.text}</Link>
          </>
        )}
      </p>
    </div>
  );
}

/** Sales over time as bars of units sold (per minute during an on-sale, per day otherwise), with the figures as a table behind it. */
function SalesChart({ data, money }: { data: DashboardAnswer; money: (minor: number) => string }) {
  const titleId = useId();
  const buckets = data.sales.buckets;
  const heights = barHeights(buckets.map((bucket) => bucket.units));
  const units = buckets.reduce((sum, bucket) => sum + bucket.units, 0);
  const label = (at: string) => bucketLabel(at, data.sales.per, data.timezone, staffLocale());
  const width = 100 / Math.max(1, buckets.length);
  return (
    <section className="card staff-dash-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{say(data.sales.per === 'minute' ? texts.salesPerMinute : texts.salesPerDay)}</h2>
      {buckets.length === 0 || units === 0 ? (
        <p className="text-muted">{say(texts.noSales)}</p>
      ) : (
        <>
          <svg className="staff-dash-chart" viewBox="0 0 100 40" preserveAspectRatio="none" role="img" aria-label={texts.chartSummary(units, label(buckets[0]!.at), label(buckets[buckets.length - 1]!.at))}>
            <line x1="0" y1="40" x2="100" y2="40" className="staff-dash-chart__axis" />
            {buckets.map((bucket, index) =>
              heights[index]! > 0 ? <rect key={bucket.at} x={index * width + width * 0.1} y={40 - heights[index]! * 38} width={width * 0.8} height={heights[index]! * 38} className="staff-dash-chart__bar" /> : null,
            )}
          </svg>
          <div className="staff-dash-chart__ends" aria-hidden="true">
            <span>{label(buckets[0]!.at)}</span>
            <span>{texts.peak(Math.max(...buckets.map((bucket) => bucket.units)))}</span>
            <span>{label(buckets[buckets.length - 1]!.at)}</span>
          </div>
          <details className="staff-dash-table">
            <summary>{say(texts.asTable)}</summary>
            <DataTable
              caption={say(data.sales.per === 'minute' ? texts.salesTablePerMinute : texts.salesTablePerDay)}
              captionHidden
              rows={buckets.filter((bucket) => bucket.orders > 0)}
              rowKey={(bucket) => bucket.at}
              columns={[
                { key: 'at', header: say(data.sales.per === 'minute' ? texts.minute : texts.day), cell: (bucket) => label(bucket.at) },
                { key: 'orders', header: say(texts.orders), cell: (bucket) => bucket.orders, align: 'end' },
                { key: 'units', header: say(texts.units), cell: (bucket) => bucket.units, align: 'end' },
                { key: 'revenue', header: say(texts.revenue), cell: (bucket) => money(bucket.revenue), align: 'end' },
              ]}
            />
          </details>
        </>
      )}
    </section>
  );
}


/** Sold, held in carts and available per row, as a bar and as words (the words are what a screen reader reads). */
function StockBars({ rows, caption }: { rows: { key: string; label: string; note: string | null; figures: StockFigures }[]; caption: string }) {
  return (
    <ul className="staff-dash-stock" aria-label={caption}>
      {rows.map((row) => {
        const shares = stockShares(row.figures);
        return (
          <li key={row.key}>
            <p className="staff-dash-stock__name">
              {row.label} {row.note && <Badge tone="neutral">{row.note}</Badge>}
            </p>
            <div className="staff-dash-stock__bar" aria-hidden="true">
              <span className="staff-dash-swatch--sold" style={{ width: `${shares.sold}%` }} />
              <span className="staff-dash-swatch--held" style={{ width: `${shares.held}%` }} />
              <span className="staff-dash-swatch--left" style={{ width: `${shares.available}%` }} />
            </div>
            <p className="staff-dash-stock__words">{texts.stockWords(row.figures.sold, row.figures.held, row.figures.available)}</p>
          </li>
        );
      })}
    </ul>
  );
}

/** A count per row as a bar against the largest, with the number beside it. */
function CountBars({ rows, caption, valueLabel }: { rows: { key: string; label: string; value: number; detail?: string }[]; caption: string; valueLabel?: string }) {
  const heights = barHeights(rows.map((row) => row.value));
  return (
    <ul className="staff-dash-counts" aria-label={caption}>
      {rows.map((row, index) => (
        <li key={row.key}>
          <span className="staff-dash-counts__label">{row.label}</span>
          <span className="staff-dash-counts__bar" aria-hidden="true">
            <span style={{ width: `${heights[index]! * 100}%` }} />
          </span>
          <span className="staff-dash-counts__value">
            {row.value}
            {valueLabel && <span className="visually-hidden"> {valueLabel}</span>}
            {row.detail && <span className="staff-dash-counts__detail"> · {row.detail}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
