import { Modal } from '../components/Modal';
import { SHORTCUT_GROUPS } from './shortcuts';

/** The `?` overlay: every shortcut, grouped by where it works. */
export function ShortcutsDialog({ onClose }: { onClose(): void }) {
  return (
    <Modal label="Keyboard shortcuts" onClose={onClose}>
      <h2>Keyboard shortcuts</h2>
      {SHORTCUT_GROUPS.map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h3>{group.title}</h3>
          <dl className="facts shortcuts">
            {group.shortcuts.map((shortcut) => (
              <div key={shortcut.keys} className="shortcut">
                <dt><kbd>{shortcut.keys}</kbd></dt>
                <dd>{shortcut.does}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      <div className="modal-actions">
        <button type="button" className="button button-primary" data-autofocus onClick={onClose}>Close</button>
      </div>
    </Modal>
  );
}
