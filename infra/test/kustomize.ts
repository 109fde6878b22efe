import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseAllDocuments, parse } from 'yaml';

/**
 * Renders a kustomization the way `kustomize build` does, for the subset of Kustomize that infra/deploy uses:
 * `resources` (files and directories with their own kustomization), `namespace`, `labels` (metadata only),
 * `images`, `replicas` and inline JSON 6902 `patches` with a kind/name target. Any other field fails the render,
 * so a kustomization that grows beyond this subset cannot pass unnoticed. (`kubectl kustomize` renders the same
 * objects: docs/deploy.md "Validation".)
 */
export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  [key: string]: unknown;
}

interface Kustomization {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  namespace?: string;
  labels?: { pairs: Record<string, string>; includeSelectors?: boolean }[];
  images?: { name: string; newName?: string; newTag?: string }[];
  replicas?: { name: string; count: number }[];
  patches?: { target: { kind: string; name: string }; patch: string }[];
}

const KNOWN_FIELDS = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'labels', 'images', 'replicas', 'patches']);
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'PriorityClass', 'StorageClass']);

export function readYamlObjects(file: string): K8sObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((doc) => {
    if (doc.errors.length) throw new Error(`${file}: ${doc.errors.map((e) => e.message).join('; ')}`);
    return doc.toJSON() as K8sObject;
  }).filter((o) => o !== null);
}

export function renderKustomization(dir: string): K8sObject[] {
  const file = join(dir, 'kustomization.yaml');
  const k = parse(readFileSync(file, 'utf8')) as Kustomization;
  const unknown = Object.keys(k).filter((key) => !KNOWN_FIELDS.has(key));
  if (unknown.length) throw new Error(`${file}: fields this renderer does not implement: ${unknown.join(', ')}`);
  let objects: K8sObject[] = [];
  for (const entry of k.resources ?? []) {
    const path = resolve(dir, entry);
    objects.push(...(statSync(path).isDirectory() ? renderKustomization(path) : readYamlObjects(path)));
  }
  objects = structuredClone(objects);
  for (const p of k.patches ?? []) {
    const matches = objects.filter((o) => o.kind === p.target.kind && o.metadata.name === p.target.name);
    if (matches.length !== 1) throw new Error(`${file}: patch target ${p.target.kind}/${p.target.name} matches ${matches.length} objects`);
    applyJsonPatch(matches[0], parse(p.patch) as JsonPatchOp[]);
  }
  for (const r of k.replicas ?? []) {
    const matches = objects.filter((o) => ['Deployment', 'StatefulSet'].includes(o.kind) && o.metadata.name === r.name);
    if (matches.length !== 1) throw new Error(`${file}: replicas for ${r.name} match ${matches.length} objects`);
    (matches[0].spec as { replicas: number }).replicas = r.count;
  }
  for (const image of k.images ?? []) {
    for (const o of objects) {
      for (const c of podContainers(o)) {
        const [name, tag] = splitImage(c.image);
        if (name !== image.name) continue;
        c.image = `${image.newName ?? name}${image.newTag ? `:${image.newTag}` : tag ? `:${tag}` : ''}`;
      }
    }
  }
  for (const label of k.labels ?? []) {
    if (label.includeSelectors) throw new Error(`${file}: labels with includeSelectors are not implemented`);
    for (const o of objects) o.metadata.labels = { ...o.metadata.labels, ...label.pairs };
  }
  if (k.namespace) {
    for (const o of objects) if (!CLUSTER_SCOPED.has(o.kind)) o.metadata.namespace = k.namespace;
  }
  return objects;
}

const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'Job']);

/** Containers and init containers of a workload's pod template (Deployment, Job, ...). */
export function podContainers(o: K8sObject): { name: string; image: string; [key: string]: unknown }[] {
  if (!WORKLOADS.has(o.kind)) return [];
  const spec = (o.spec as { template?: { spec?: { containers?: []; initContainers?: [] } } } | undefined)?.template?.spec;
  return [...(spec?.initContainers ?? []), ...(spec?.containers ?? [])];
}

function splitImage(image: string): [string, string | undefined] {
  const at = image.lastIndexOf(':');
  return at > image.lastIndexOf('/') ? [image.slice(0, at), image.slice(at + 1)] : [image, undefined];
}

interface JsonPatchOp {
  op: 'add' | 'replace' | 'remove';
  path: string;
  value?: unknown;
}

function applyJsonPatch(target: object, ops: JsonPatchOp[]): void {
  for (const op of ops) {
    const parts = op.path.split('/').slice(1).map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'));
    const last = parts.pop();
    if (last === undefined) throw new Error(`bad patch path ${op.path}`);
    let node: Record<string, unknown> = target as Record<string, unknown>;
    for (const part of parts) {
      const next = node[part];
      if (typeof next !== 'object' || next === null) throw new Error(`patch path ${op.path}: ${part} does not exist`);
      node = next as Record<string, unknown>;
    }
    if (Array.isArray(node) && op.op === 'add') {
      node.splice(last === '-' ? node.length : Number(last), 0, op.value);
    } else if (op.op === 'remove' || op.op === 'replace') {
      if (!(last in node)) throw new Error(`patch path ${op.path} does not exist`);
      if (op.op === 'remove') {
        if (Array.isArray(node)) node.splice(Number(last), 1);
        else delete node[last];
      } else node[last] = op.value;
    } else node[last] = op.value;
  }
}

export const DEPLOY_DIR = resolve(__dirname, '..', 'deploy');
export const REPO_ROOT = resolve(__dirname, '..', '..');
