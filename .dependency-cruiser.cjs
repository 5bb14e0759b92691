// dependency-cruiser (issue 26): the layering of the service, checked by `npm run lint:deps`.
// Paths are relative to the repository root; `#shared/*`, `#functions/*`, `#local/*` and `#test/*`
// resolve through tsconfig.json's `paths`. npm packages are matched by `node_modules/<name>/` anywhere
// in the resolved path (node_modules may be a symlink, so the resolved path need not start with it).
// `error` rules state what must never happen; `warn` rules state the intended shape (an allow-list)
// while the code is being moved into it.

const AWS_SDK = '(^|/)node_modules/@aws-sdk/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No module may depend on itself through others (type-only imports included).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'Every import resolves (run `npm run validators` first: functions/*/schema.validators.ts are generated).',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'iam-engine-only-in-tests',
      severity: 'error',
      comment:
        'The IAM evaluation engine (@cloud-copilot, AGPL-3.0) is a test tool: only test/ may import it, so no bundle or shipped file can (docs/decisions/0031-iam-evaluated-by-an-engine.md).',
      from: { pathNot: '^test/' },
      to: { path: 'node_modules/@cloud-copilot/' },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment:
        'shared/domain holds the rules of the service: no store, HTTP, ports, platforms or use cases, no AWS SDK, no functions or local runtime.',
      from: { path: '^shared/domain/' },
      to: { path: ['^shared/(store|http|http-client|ports|platforms|use-cases|adapters|wiring)/', '^(functions|local)/', AWS_SDK] },
    },
    {
      name: 'shared-not-outward',
      severity: 'error',
      comment: 'shared/ is used by the entry points, never the other way: no functions, local, test, bench, scripts or lib.',
      from: { path: '^shared/' },
      to: { path: '^(functions|local|test|bench|scripts|lib)/' },
    },
    {
      name: 'functions-no-infrastructure',
      severity: 'error',
      comment: 'A handler reaches AWS through use cases and the composition root: no AWS SDK, no shared/store, no local runtime.',
      from: { path: '^functions/' },
      to: { path: [AWS_SDK, '^shared/store/', '^local/'] },
    },
    {
      name: 'functions-not-each-other',
      severity: 'error',
      comment: 'A handler imports only its own folder among functions/ (shared code belongs in shared/).',
      from: { path: '^functions/([^/]+)/', pathNot: '^functions/mcp/' },
      to: { path: '^functions/', pathNot: '^functions/$1/' },
    },
    {
      name: 'mcp-runs-route-handlers-only',
      severity: 'error',
      comment:
        'The MCP function runs each tool call through its route handler (functions/mcp/handlers.gen.ts, generated from docs/openapi.json): it imports handler.ts files, nothing else of other functions.',
      from: { path: '^functions/mcp/' },
      to: { path: '^functions/', pathNot: ['^functions/mcp/', '^functions/[^/]+/handler\\.ts$'] },
    },
    {
      name: 'functions-through-use-cases',
      severity: 'error',
      comment:
        'A handler imports its use cases, the HTTP layer, the domain (ids, types) and the logger from shared/; never a store module, a port or an adapter.',
      from: { path: '^functions/' },
      to: { path: '^shared/', pathNot: ['^shared/(use-cases|http|domain)/', '^shared/logger\\.ts$'] },
    },
    {
      name: 'adapters-only-from-composition-roots',
      severity: 'error',
      comment:
        'Implementations are chosen by a composition root (shared/wiring, local/): nothing else in shared/ names an adapter or a root.',
      from: { path: '^shared/', pathNot: '^shared/(wiring|adapters)/' },
      to: { path: '^shared/(adapters|wiring)/' },
    },
    {
      name: 'store-below-use-cases',
      severity: 'error',
      comment: 'The store maps items to domain types: it never calls use cases, the HTTP layer, platforms or ports.',
      from: { path: '^shared/store/' },
      to: { path: '^shared/(use-cases|http|platforms|ports|adapters|wiring)/' },
    },
    {
      name: 'use-cases-not-http',
      severity: 'error',
      comment:
        'Use cases sit below the HTTP layer: they throw domain errors and never import shared/http (the classification of store and AWS failures they retry on is shared/store/dependency-errors.ts; docs/decisions/0121).',
      from: { path: '^shared/use-cases/' },
      to: { path: '^shared/http/' },
    },
    {
      name: 'platforms-not-store',
      severity: 'error',
      comment:
        'Platform adapters work on domain types (PlatformProfile) and return what changed (a renewed session); the use case stores it. They never import the store, nor anything above them (docs/decisions/0122).',
      from: { path: '^shared/platforms/' },
      to: { path: '^shared/(store|use-cases|http|wiring|adapters)/' },
    },
    {
      name: 'http-store-through-named-modules',
      severity: 'error',
      comment:
        'The HTTP layer reaches the store only in the modules named here: authentication and the rate limit (api-key-auth, session-auth), idempotency (idempotency, batch-item-claims) and the request deadline that bounds every store call of a request (request-deadline). Everything else goes through a use case. Any module may read the classification of a thrown store or AWS error (dependency-errors: no table access). docs/decisions/0123.',
      from: {
        path: '^shared/http/',
        pathNot: '^shared/http/(api-key-auth|session-auth|idempotency|batch-item-claims|request-deadline)\\.ts$',
      },
      to: { path: '^shared/store/', pathNot: '^shared/store/dependency-errors\\.ts$' },
    },
    {
      name: 'production-not-test',
      severity: 'error',
      comment:
        'Shipped and operated code (the CDK app, handlers, shared/, the local runtime, scripts, the client, the dashboard) never imports test/. Only the benches may borrow test helpers, and they compile without jest types (docs/decisions/0124).',
      from: { path: '^(bin|lib|functions|shared|local|scripts|client|dashboard)/' },
      to: { path: '^test/' },
    },
    {
      name: 'ports-no-implementations',
      severity: 'error',
      comment: 'shared/ports declares interfaces: no AWS SDK, no local runtime (implementations live elsewhere).',
      from: { path: '^shared/ports/' },
      to: { path: [AWS_SDK, '^local/'] },
    },
    {
      name: 'lib-no-local',
      severity: 'error',
      comment: 'The CDK app never imports the local runtime.',
      from: { path: '^(lib|bin)/' },
      to: { path: '^local/' },
    },
    {
      name: 'lib-shared-allow-list',
      severity: 'error',
      comment:
        'From shared/, the CDK app imports the operation manifest (shared/api/), the route table, the configuration, the table definition (one key schema for stack and store), the domain and the composition root it injects.',
      from: { path: '^(lib|bin)/' },
      to: {
        path: '^shared/',
        pathNot: ['^shared/(http/routes\\.ts|config\\.ts|store/table\\.ts|wiring/aws\\.ts)$', '^shared/domain/', '^shared/api/'],
      },
    },
    {
      name: 'client-stands-alone',
      severity: 'error',
      comment:
        'The typed client (client/) is generated from docs/openapi.json and ships on its own: it imports its own files and openapi-fetch, nothing of the service (docs/decisions/0041-typed-client.md).',
      from: { path: '^client/' },
      to: { pathNot: ['^client/', '(^|/)node_modules/openapi-fetch/'] },
    },
  ],
  options: {
    doNotFollow: { path: '(^|/)node_modules/' },
    exclude: { path: ['^cdk\\.out/', '^(dashboard/)?dist/'] },
    // type-only imports count: they couple modules as much as value imports do
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
