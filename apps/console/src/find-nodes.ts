/** The nodes a search term finds (see `search.ts`), each once, with the fields the table shows. */
import { api, ApiError, NODE_FIELDS, type NodeRow, request } from './api.js';
import { type SearchTerm } from './search.js';

export async function findNodes(term: SearchTerm): Promise<NodeRow[]> {
  if (term.kind === 'name') return present([await nodeOrNone(term.value)]);
  if (term.kind === 'uuid') {
    const [node, instances] = await Promise.all([nodeOrNone(term.value), api.nodes(`instance_uuid=${term.value}&fields=${NODE_FIELDS.join(',')}`)]);
    return unique(present([node, ...instances.nodes]));
  }
  const { ports } = await request<{ ports: { node_uuid: string }[] }>('GET', `/v1/ports?address=${encodeURIComponent(term.value)}&fields=node_uuid`);
  return present(await Promise.all([...new Set(ports.map((port) => port.node_uuid))].map(nodeOrNone)));
}

/** The node of this name or UUID; `null` when there is none (or the term cannot name a node: Ironic refuses it). */
async function nodeOrNone(id: string): Promise<NodeRow | null> {
  try {
    return await api.node(id, null);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

const present = (nodes: readonly (NodeRow | null)[]): NodeRow[] => nodes.filter((node): node is NodeRow => node !== null);
const unique = (nodes: readonly NodeRow[]): NodeRow[] => [...new Map(nodes.map((node) => [node.uuid, node])).values()];
