import { paperName } from './paper-names';
import type { Printer } from './use-printers';

const SHOWN = 4;

/** The paper sizes a printer takes: the first few, and the rest one click (or Enter) away. */
export function PaperSizes({ printer }: { printer: Printer }) {
  const names = printer.paperSizes.map((size) => paperName(size.name));
  if (names.length <= SHOWN) return <>{names.join(', ') || <span className="muted">none listed</span>}</>;
  return (
    <details className="paper-sizes">
      <summary>
        {names.slice(0, SHOWN).join(', ')} <span className="link-like">and {names.length - SHOWN} more</span>
      </summary>
      <p>{names.slice(SHOWN).join(', ')}</p>
    </details>
  );
}
