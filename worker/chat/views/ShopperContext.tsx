import { formatMoney } from '../../../shared/money.ts';
import type { ShopperCart } from '../context.ts';

/** The shopper's cart beside a conversation, for the agent: each line (title, quantity, price) and the total. */
export function ShopperCartLines({ cart }: { cart: ShopperCart | null }) {
  if (!cart) return <span data-shopper-cart="empty">Empty</span>;
  const money = (cent: number) => formatMoney({ cent, currency: cart.currency });
  return (
    <div data-shopper-cart>
      <ul className="chat-cart">
        {cart.lines.map((line, index) => (
          <li key={`${index}-${line.title}`} data-cart-line>
            {`${line.title} × ${line.quantity} · ${money(line.price)}`}
          </li>
        ))}
      </ul>
      <strong data-cart-total>{`Total ${money(cart.total)}`}</strong>
    </div>
  );
}

/** An image of a chat as a thumbnail that opens the full image (both addresses need the viewer's access). */
export function ChatImageLink({ href, name }: { href: string; name: string }) {
  return (
    <a className="chat-image" href={href} target="_blank" rel="noopener" data-chat-image>
      <img src={href} alt={name} loading="lazy" width={160} />
    </a>
  );
}
