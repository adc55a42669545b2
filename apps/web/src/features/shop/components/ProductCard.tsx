import { CARD_IMAGE_SIZES, imageVariantUrl, imageWidthSrcSet, shopFrontMessages, type ShopItem } from '@festival/contract';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { useConfig } from '../../../lib/config';
import { useFormat } from '../../../lib/use-format';
import { itemPrice, nextPriceText, productPath, typeLabel } from '../shop-items';
import './product-card.css';
import { say } from '../../../lib/say';

export interface ProductCardProps {
  item: ShopItem;
  /** Cards in the first row load their image at once; the others when scrolled near. */
  eager?: boolean;
  /** The heading level of the name within the page. */
  headingLevel?: 2 | 3;
}

/**
 * A product in a listing or on home: 350 by 350 image, type, name (the link to its page),
 * price plus fee, and a sold-out badge. The whole card is the link's click target.
 */
export function ProductCard({ item, eager = false, headingLevel = 2 }: ProductCardProps) {
  const { typeNames } = useConfig();
  const format = useFormat();
  const Heading = `h${headingLevel}` as const;
  const image = item.shop_image;
  const next = nextPriceText(item, format);
  return (
    <article className={item.in_stock ? 'product-card' : 'product-card product-card--sold-out'} data-code={item.external_code}>
      <div className="product-card__media">
        {image ? (
          <img
            src={imageVariantUrl(image, 350)}
            srcSet={imageWidthSrcSet(image, 200, 700)}
            sizes={CARD_IMAGE_SIZES}
            width={350}
            height={350}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="product-card__placeholder" aria-hidden="true">
            {item.name.charAt(0)}
          </span>
        )}
        {!item.in_stock && (
          <Badge tone="danger" className="product-card__badge">
            {say(shopFrontMessages.soldOut)}
          </Badge>
        )}
      </div>
      <div className="product-card__body">
        <p className="product-card__type">{typeLabel(item.type, typeNames)}</p>
        <Heading className="product-card__name">
          <Link to={productPath(item)} className="product-card__link">
            {item.name}
          </Link>
        </Heading>
        <p className="product-card__price">{format.money(itemPrice(item))}</p>
        {next && <p className="product-card__next-price">{say(next)}</p>}
      </div>
    </article>
  );
}

export interface ProductGridProps {
  items: readonly ShopItem[];
  /** How many cards load their image at once: those of the first row. */
  eagerCount?: number;
  headingLevel?: 2 | 3;
  id?: string;
  'aria-labelledby'?: string;
}

/** Product cards in a responsive grid (one list for assistive technology). */
export function ProductGrid({ items, eagerCount = 4, headingLevel, id, 'aria-labelledby': labelledBy }: ProductGridProps) {
  return (
    <ul className="product-grid" id={id} aria-labelledby={labelledBy}>
      {items.map((item, index) => (
        <li key={item.id}>
          <ProductCard item={item} eager={index < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
