import { NodeFormView } from './node-form-view.js';

/** The enroll form, in the drawer the node opens in once enrolled. */
export function EnrollDrawer({ onEnrolled, onClose }: { onEnrolled: (uuid: string) => void; onClose: () => void }) {
  return (
    <aside class="panel drawer" aria-labelledby="enroll-title">
      <header class="node-header">
        <h2 id="enroll-title">Enroll a node</h2>
        <button type="button" class="close" aria-label="Close the form" onClick={onClose}>
          ×
        </button>
      </header>
      <NodeFormView onDone={onEnrolled} onCancel={onClose} />
    </aside>
  );
}
