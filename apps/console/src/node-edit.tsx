import { api } from './api.js';
import { NodeFormView } from './node-form-view.js';
import { useFetched } from './use-fetched.js';

/** The edit form of a node, filled with the node as it is now. */
export function NodeEdit({ uuid, onDone }: { uuid: string; onDone: () => void }) {
  const node = useFetched(() => api.nodeDetail(uuid), [uuid]);
  if (node.error) return <p class="error">{node.error.message}</p>;
  if (!node.value) return <p class="muted">Loading…</p>;
  return <NodeFormView node={{ ...node.value, uuid }} onDone={onDone} onCancel={onDone} />;
}
