import bwipjs from 'bwip-js/browser';
import { useMemo } from 'react';
import { CopyButton } from '../../components/ui';

/**
 * A new badge, shown this once: its code, and a card to print on any printer the machine has
 * (the system's print dialog) — the person's name over the code as a Code 128 barcode, which
 * the bench's scanner reads back as typed. Only the card is printed, not the page around it.
 */
export function BadgeCard({ badge, name, owner }: { badge: string; name: string; owner: 'yours' | 'theirs' }) {
  // bwip-js draws the symbol; the card's CSS gives it its size (the SVG has only a viewBox).
  const barcode = useMemo(() => bwipjs.toSVG({ bcid: 'code128', text: badge, height: 12, includetext: false }), [badge]);
  function printCard() {
    document.body.classList.add('printing-badge-card');
    const done = () => document.body.classList.remove('printing-badge-card');
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    // Where print() returns after the dialog closes (it blocks), the card is done already.
    if (document.body.classList.contains('printing-badge-card')) setTimeout(done, 0);
  }
  return (
    <div className="banner banner-success badge-issued" role="status">
      {owner === 'yours' ? 'Your new badge' : `${name}'s new badge`} (shown this once; {owner === 'yours' ? 'your' : 'the'} old one stops working): <code>{badge}</code> <CopyButton text={badge} />
      <figure className="badge-card" aria-label={`Badge card of ${name}`}>
        <figcaption>{name}</figcaption>
        <div className="badge-card-barcode" role="img" aria-label={`Barcode ${badge}`} dangerouslySetInnerHTML={{ __html: barcode }} />
        <code>{badge}</code>
      </figure>
      <button type="button" className="button" onClick={printCard}>Print badge card</button>
    </div>
  );
}
