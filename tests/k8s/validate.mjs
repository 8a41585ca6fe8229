// validate.mjs -- deploy/k8s/*.yaml against the Kubernetes 1.33 schemas, and against each other.
//
//   node tests/k8s/validate.mjs MODULES_DIR FILE.yaml...       check the manifests
//   node tests/k8s/validate.mjs MODULES_DIR --bad FILE.yaml... each must be refused with
//                                                             the text of its `# expect:` line
//
// MODULES_DIR holds node_modules with kubernetes-models and yaml as pinned
// by tests/k8s/package-lock.json (tests/k8s/validate.sh installs them).
//
// DESIGN. Three layers, each catching what the one before misses:
//   1. schema: each document through its kubernetes-models class's
//      validate(), the ajv validators generated from the Kubernetes 1.33
//      OpenAPI document (types, enums, required fields, int-or-string,
//      quantities). Those validators allow unknown fields, as the API
//      server's non-strict decoding does, so a typo such as
//      `readinesProbe` passes them.
//   2. unknown fields: the same generated validator runs again on the
//      document wrapped in Proxies that record, per object, which keys the
//      validator read (a known field of that type is always read) and
//      whether it enumerated the keys (a map such as labels). A key of a
//      non-map object that the validator never read is not a field of its
//      type: an error, as `kubectl apply --validate=strict` would say.
//   3. fit: the Deployment, Service, HPA and PDB agree -- selectors select
//      the pod template, ports and probe ports name a container port that
//      is SUDOKUD_PORT, probes ask /healthz and /readyz, the HPA targets
//      the Deployment and has CPU requests to work from, the PDB leaves
//      room to drain, the grace period outlasts preStop plus the server's
//      drain (openapi.yaml), and the pod is locked down (non-root,
//      read-only root, no capabilities, no privilege escalation).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [modulesDir, ...rest] = process.argv.slice(2);
if (!modulesDir || rest.length === 0) {
  console.error('usage: validate.mjs MODULES_DIR [--bad] FILE.yaml...');
  process.exit(2);
}
const require = createRequire(path.resolve(modulesDir, 'package.json'));
const YAML = require('yaml');

const badMode = rest[0] === '--bad';
const files = badMode ? rest.slice(1) : rest;

// ---- 1 and 2: one document against its type ---------------------------------
// kubernetes-models also ships API versions that Kubernetes has stopped
// serving (it keeps old types for old clusters). These are the ones removed
// by 1.33, from the Kubernetes deprecated API migration guide: every kind
// of each group/version below is gone (1.16, 1.22, 1.25, 1.26, 1.27, 1.29,
// 1.32 removals).
const REMOVED = new Set([
  'extensions/v1beta1', 'apps/v1beta1', 'apps/v1beta2',
  'admissionregistration.k8s.io/v1beta1', 'apiextensions.k8s.io/v1beta1',
  'apiregistration.k8s.io/v1beta1', 'authentication.k8s.io/v1beta1',
  'authorization.k8s.io/v1beta1', 'certificates.k8s.io/v1beta1',
  'coordination.k8s.io/v1beta1', 'networking.k8s.io/v1beta1',
  'rbac.authorization.k8s.io/v1beta1', 'scheduling.k8s.io/v1beta1',
  'storage.k8s.io/v1beta1', 'batch/v1beta1', 'discovery.k8s.io/v1beta1',
  'events.k8s.io/v1beta1', 'autoscaling/v2beta1', 'autoscaling/v2beta2',
  'policy/v1beta1', 'node.k8s.io/v1beta1', 'flowcontrol.apiserver.k8s.io/v1beta1',
  'flowcontrol.apiserver.k8s.io/v1beta2', 'flowcontrol.apiserver.k8s.io/v1beta3',
]);

// The generated validator of a kind: _schemas/IoK8sApi<Group><Version><Kind>.
function schemaOf(apiVersion, kind) {
  const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['core', apiVersion];
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
  const name = `IoK8sApi${cap(group.split('.')[0])}${cap(version)}${kind}`;
  const model = require(`kubernetes-models/${apiVersion.includes('/') ? apiVersion : 'v1'}/${kind}`);
  // _schemas/ is not in the package's exports: required by its file name.
  const schema = require(path.resolve(modulesDir, 'node_modules/kubernetes-models/_schemas', `${name}.js`));
  return { Model: model[kind], validate: schema.validate };
}

// Wraps value in recording Proxies; nodes gets one entry per object.
function track(value, where, nodes) {
  if (value === null || typeof value !== 'object') return value;
  const node = { where, value, read: new Set(), enumerated: false };
  nodes.push(node);
  const copy = Array.isArray(value)
    ? value.map((v, i) => track(v, `${where}[${i}]`, nodes))
    : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, track(v, `${where}.${k}`, nodes)]));
  return new Proxy(copy, {
    get(t, k, r) {
      if (typeof k === 'string') node.read.add(k);
      return Reflect.get(t, k, r);
    },
    has(t, k) {
      if (typeof k === 'string') node.read.add(k);
      return Reflect.has(t, k);
    },
    ownKeys(t) {
      node.enumerated = true;
      return Reflect.ownKeys(t);
    },
  });
}

function checkDocument(doc, label, errors) {
  if (!doc || typeof doc.apiVersion !== 'string' || typeof doc.kind !== 'string') {
    errors.push(`${label}: no apiVersion and kind`);
    return;
  }
  if (REMOVED.has(doc.apiVersion)) {
    errors.push(`${label}: ${doc.apiVersion} ${doc.kind} is not a Kubernetes 1.33 type (that API version is no longer served)`);
    return;
  }
  let types;
  try {
    types = schemaOf(doc.apiVersion, doc.kind);
  } catch (e) {
    errors.push(`${label}: ${doc.apiVersion} ${doc.kind} is not a Kubernetes 1.33 type (${e.code || e.message})`);
    return;
  }
  try {
    new types.Model(doc).validate();
  } catch (e) {
    const details = (e.errors || []).map((x) => `${x.instancePath || '/'} ${x.message}`).join('; ');
    errors.push(`${label}: schema: ${details || e.message}`);
  }
  const nodes = [];
  types.validate(track(doc, doc.kind, nodes));
  for (const n of nodes) {
    if (Array.isArray(n.value) || n.enumerated) continue;
    for (const k of Object.keys(n.value)) {
      if (!n.read.has(k)) errors.push(`${label}: ${n.where}.${k}: unknown field (not in the 1.33 schema of its type)`);
    }
  }
}

// ---- 3: the documents together ------------------------------------------------
function checkFit(docs, errors) {
  const one = (kind) => {
    const found = docs.filter((d) => d.kind === kind);
    if (found.length !== 1) errors.push(`fit: want one ${kind}, found ${found.length}`);
    return found[0];
  };
  const dep = one('Deployment');
  const svc = one('Service');
  const hpa = one('HorizontalPodAutoscaler');
  const pdb = one('PodDisruptionBudget');
  if (!dep || !svc || !hpa || !pdb) return;
  const fail = (msg) => errors.push(`fit: ${msg}`);

  const podLabels = dep.spec?.template?.metadata?.labels || {};
  const selects = (sel, what) => {
    const entries = Object.entries(sel || {});
    if (entries.length === 0) fail(`${what} selects nothing (empty selector)`);
    for (const [k, v] of entries) if (podLabels[k] !== v) fail(`${what} wants ${k}=${v}, the pod template has ${k}=${podLabels[k]}`);
  };
  selects(dep.spec.selector?.matchLabels, 'Deployment.spec.selector');
  if (dep.spec.selector?.matchExpressions) fail('Deployment.spec.selector: matchExpressions are not checked here; use matchLabels');
  selects(svc.spec?.selector, 'Service.spec.selector');
  selects(pdb.spec?.selector?.matchLabels, 'PodDisruptionBudget.spec.selector');

  const pod = dep.spec.template.spec || {};
  const containers = pod.containers || [];
  const c = containers.find((x) => x.name === 'sudokud');
  if (!c) {
    fail('the pod has no container named sudokud');
    return;
  }
  const env = Object.fromEntries((c.env || []).map((e) => [e.name, e.value]));
  const serverPort = Number(env.SUDOKUD_PORT ?? 8080);
  const ports = c.ports || [];
  const portOf = (p) => (typeof p === 'number' ? ports.find((x) => x.containerPort === p) : ports.find((x) => x.name === p));
  const port = ports.find((x) => x.containerPort === serverPort);
  if (!port) fail(`no containerPort is SUDOKUD_PORT ${serverPort}`);

  for (const sp of svc.spec.ports || []) {
    const target = sp.targetPort ?? sp.port;
    const cp = portOf(target);
    if (!cp) fail(`Service port ${sp.port} targets ${target}, which is no container port`);
    else if (cp.containerPort !== serverPort) fail(`Service port ${sp.port} targets ${cp.containerPort}, not SUDOKUD_PORT ${serverPort}`);
  }

  const probe = (name, wantPath) => {
    const p = c[name];
    if (!p) return fail(`${name} is missing`);
    if (!p.httpGet) return fail(`${name} is not an httpGet probe`);
    if (p.httpGet.path !== wantPath) fail(`${name} asks ${p.httpGet.path}, want ${wantPath}`);
    const cp = portOf(p.httpGet.port);
    if (!cp || cp.containerPort !== serverPort) fail(`${name} probes port ${p.httpGet.port}, not SUDOKUD_PORT ${serverPort}`);
  };
  probe('livenessProbe', '/healthz');
  probe('readinessProbe', '/readyz');

  const req = c.resources?.requests || {};
  const lim = c.resources?.limits || {};
  for (const r of ['cpu', 'memory']) {
    if (req[r] === undefined) fail(`container has no ${r} request`);
    if (lim[r] === undefined) fail(`container has no ${r} limit`);
  }

  const psc = pod.securityContext || {};
  const sc = c.securityContext || {};
  if (!(sc.runAsNonRoot ?? psc.runAsNonRoot)) fail('runAsNonRoot is not set');
  const uid = sc.runAsUser ?? psc.runAsUser;
  const gid = sc.runAsGroup ?? psc.runAsGroup;
  if (!(uid > 0)) fail(`runAsUser ${uid} is not a non-zero uid`);
  if (!(gid > 0)) fail(`runAsGroup ${gid} is not a non-zero gid`);
  if (sc.readOnlyRootFilesystem !== true) fail('readOnlyRootFilesystem is not true');
  if (sc.allowPrivilegeEscalation !== false) fail('allowPrivilegeEscalation is not false');
  if (sc.privileged) fail('the container is privileged');
  if (!(sc.capabilities?.drop || []).includes('ALL')) fail('capabilities.drop does not hold ALL');
  if ((sc.capabilities?.add || []).length) fail(`capabilities.add: ${sc.capabilities.add}`);

  // Grace: preStop's sleep, then the server's drain, must end before SIGKILL.
  const openapi = readFileSync(new URL('../../openapi.yaml', import.meta.url), 'utf8');
  const drain = /exits 0, within (\d+) s/.exec(openapi.replace(/\s+/g, ' '));
  if (!drain) fail("openapi.yaml no longer says 'exits 0, within N s' (the drain time): update this check");
  const pre = c.lifecycle?.preStop;
  const preSeconds = pre?.sleep?.seconds ?? (pre?.exec?.command?.[0]?.endsWith('sleep') ? Number(pre.exec.command[1]) : 0);
  const grace = pod.terminationGracePeriodSeconds ?? 30;
  if (drain && !(grace > preSeconds + Number(drain[1])))
    fail(`terminationGracePeriodSeconds ${grace} does not outlast preStop ${preSeconds} s + drain ${drain[1]} s`);

  const ref = hpa.spec?.scaleTargetRef || {};
  if (ref.apiVersion !== 'apps/v1' || ref.kind !== 'Deployment' || ref.name !== dep.metadata.name)
    fail(`the HPA targets ${ref.apiVersion} ${ref.kind} ${ref.name}, not apps/v1 Deployment ${dep.metadata.name}`);
  const min = hpa.spec.minReplicas ?? 1;
  const max = hpa.spec.maxReplicas;
  if (!(min <= max)) fail(`HPA minReplicas ${min} > maxReplicas ${max}`);
  const replicas = dep.spec.replicas ?? 1;
  if (replicas < min || replicas > max) fail(`Deployment replicas ${replicas} outside the HPA's ${min}..${max}`);
  for (const m of hpa.spec.metrics || []) {
    if (m.type === 'Resource' && m.resource.target.type === 'Utilization' && req[m.resource.name] === undefined)
      fail(`the HPA scales on ${m.resource.name} utilization, but the container requests no ${m.resource.name}`);
  }
  if (svc.metadata.name !== dep.metadata.name) fail(`Service ${svc.metadata.name} and Deployment ${dep.metadata.name} differ in name`);

  // The PDB must let a drain proceed at the HPA's minimum and keep someone serving.
  const pct = (v) => (typeof v === 'string' && v.endsWith('%') ? Math.floor((min * parseInt(v, 10)) / 100) : v);
  const allowed = pdb.spec.maxUnavailable !== undefined ? pct(pdb.spec.maxUnavailable) : min - pct(pdb.spec.minAvailable);
  if (!(allowed >= 1)) fail(`the PDB allows ${allowed} disruptions at ${min} pods: a node drain would block`);
  if (!(allowed < min)) fail(`the PDB allows all ${min} pods to go at once`);
}

// ---- main ---------------------------------------------------------------------
function load(file) {
  return YAML.parseAllDocuments(readFileSync(file, 'utf8')).map((d, i) => {
    if (d.errors.length) throw new Error(`${file}: YAML: ${d.errors[0].message}`);
    return { doc: d.toJS(), label: `${path.basename(file)}#${i + 1}` };
  });
}

let status = 0;
if (badMode) {
  for (const file of files) {
    const want = /^# expect: (.*)$/m.exec(readFileSync(file, 'utf8'));
    const errors = [];
    const docs = load(file);
    for (const { doc, label } of docs) checkDocument(doc, label, errors);
    if (docs.length > 1) checkFit(docs.map((d) => d.doc), errors);
    if (!want) {
      console.log(`FAIL - ${file}: no '# expect: TEXT' line`);
      status = 1;
    } else if (errors.some((e) => e.includes(want[1]))) {
      console.log(`ok   - ${path.basename(file)} refused: ${errors.find((e) => e.includes(want[1]))}`);
    } else {
      console.log(`FAIL - ${path.basename(file)}: want an error with '${want[1]}', got: ${errors.join(' | ') || 'none'}`);
      status = 1;
    }
  }
} else {
  const errors = [];
  const all = files.flatMap(load);
  for (const { doc, label } of all) checkDocument(doc, label, errors);
  checkFit(all.map((d) => d.doc), errors);
  for (const e of errors) console.log(`FAIL - ${e}`);
  if (errors.length === 0) {
    const kinds = all.map((d) => `${d.doc.kind} ${d.doc.metadata?.name}`).join(', ');
    console.log(`ok   - ${all.length} manifests valid for Kubernetes 1.33 with no unknown field: ${kinds}`);
    console.log('ok   - selectors, ports, probe paths, HPA target, PDB and grace period fit together');
  }
  status = errors.length ? 1 : 0;
}
process.exit(status);
