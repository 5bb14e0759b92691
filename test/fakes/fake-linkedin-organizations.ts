import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

/**
 * The fake LinkedIn's organization pages (docs/api.md, "LinkedIn pages"), hooked into
 * fake-linkedin.ts: the Organization Access Control finder
 * (`GET /rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED`, paged with
 * `start`/`count`), the organizations lookup (`GET /rest/organizations/{id}` and the batch
 * `GET /rest/organizations?ids=List(1,2)`), and the rule the Posts and Images APIs apply to an
 * `author`/`owner`: the token's member, or a page that member administers with a token that
 * carries `w_organization_social`; anything else is LinkedIn's 403.
 *
 *   linkedin.organizations.add({ id: '2414183', name: 'Acme', administrators: ['ada-4242'] });
 */
export interface FakeOrganization {
  id: string;
  name: string;
  /** Members (`sub`) holding an approved ADMINISTRATOR role. */
  administrators: string[];
}

/** What the organizations module needs of its host: the token check and the answer helpers. */
export interface OrganizationHost {
  send(response: ServerResponse, status: number, body?: unknown, headers?: Record<string, string>): void;
  restError(status: number, message: string, code?: string): Record<string, unknown>;
  restHeadersProblem(headers: IncomingHttpHeaders): { status: number; body: unknown } | undefined;
  tokenProblem(headers: IncomingHttpHeaders): { scopes: string[]; user: { sub: string } } | Record<string, unknown>;
}

const ORGANIZATION_URN = /^urn:li:organization:([0-9]+)$/;
const READ_SCOPES = ['r_organization_admin', 'rw_organization_admin'];

export function fakeLinkedInOrganizations(host: OrganizationHost) {
  const organizations = new Map<string, FakeOrganization>();
  /** Every ACL finder request's query, in order (what the service asked). */
  const aclQueries: URLSearchParams[] = [];

  const administers = (sub: string, id: string): boolean => organizations.get(id)?.administrators.includes(sub) === true;

  /**
   * Who a Posts or Images call acts as: `requested` when the token may act as it (its member, or
   * a page the member administers with `w_organization_social`), else the member's own URN, which
   * the caller compares with what was asked (a mismatch is LinkedIn's 403).
   */
  function actingAs(requested: unknown, issued: { scopes: string[]; user: { sub: string } }): string {
    const member = `urn:li:person:${issued.user.sub}`;
    const page = typeof requested === 'string' ? ORGANIZATION_URN.exec(requested)?.[1] : undefined;
    if (page && administers(issued.user.sub, page) && issued.scopes.includes('w_organization_social')) return requested as string;
    return member;
  }

  const accessDenied = (response: ServerResponse, resource: string) =>
    host.send(response, 403, {
      ...host.restError(403, `Not enough permissions to access: ${resource}`, 'ACCESS_DENIED'),
      serviceErrorCode: 100,
    });

  type Issued = { scopes: string[]; user: { sub: string } };
  /** The token of the request, with a page-reading scope; undefined once the refusal was answered. */
  function authorized(headers: IncomingHttpHeaders, response: ServerResponse, resource: string): Issued | undefined {
    const issued = host.tokenProblem(headers);
    if (!('scopes' in issued)) {
      host.send(response, 401, issued);
      return undefined;
    }
    const problem = host.restHeadersProblem(headers);
    if (problem) {
      host.send(response, problem.status, problem.body);
      return undefined;
    }
    if (!(issued as Issued).scopes.some((scope) => READ_SCOPES.includes(scope))) {
      accessDenied(response, resource);
      return undefined;
    }
    return issued as Issued;
  }

  function acls(url: URL, headers: IncomingHttpHeaders, response: ServerResponse): void {
    aclQueries.push(url.searchParams);
    const issued = authorized(headers, response, 'organizationAcls.FINDER-roleAssignee');
    if (!issued) return;
    const query = url.searchParams;
    if (query.get('q') !== 'roleAssignee') return host.send(response, 400, host.restError(400, 'Unsupported finder; use q=roleAssignee'));
    const role = query.get('role');
    const state = query.get('state');
    const matching =
      (role === null || role === 'ADMINISTRATOR') && (state === null || state === 'APPROVED')
        ? [...organizations.values()].filter((organization) => organization.administrators.includes(issued.user.sub))
        : [];
    const start = Number(query.get('start') ?? 0);
    const count = Number(query.get('count') ?? 10);
    const page = matching.slice(start, start + count);
    host.send(response, 200, {
      paging: { start, count, links: [], total: matching.length },
      elements: page.map((organization) => ({
        roleAssignee: `urn:li:person:${issued.user.sub}`,
        state: 'APPROVED',
        role: 'ADMINISTRATOR',
        organization: `urn:li:organization:${organization.id}`,
      })),
    });
  }

  const view = (organization: FakeOrganization) => ({
    id: Number(organization.id),
    localizedName: organization.name,
    name: { localized: { en_US: organization.name }, preferredLocale: { country: 'US', language: 'en' } },
    vanityName: organization.name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
    primaryOrganizationType: 'NONE',
  });

  function lookup(url: URL, headers: IncomingHttpHeaders, response: ServerResponse): void {
    if (!authorized(headers, response, 'organizations.GET')) return;
    const single = /^\/rest\/organizations\/([0-9]+)$/.exec(url.pathname)?.[1];
    if (single) {
      const organization = organizations.get(single);
      if (!organization) return host.send(response, 404, host.restError(404, `Organization ${single} not found`));
      return host.send(response, 200, view(organization));
    }
    const ids = /^List\(([0-9,]*)\)$/.exec(url.searchParams.get('ids') ?? '')?.[1];
    if (ids === undefined) return host.send(response, 400, host.restError(400, 'ids must be List(id,...)'));
    const results: Record<string, unknown> = {};
    const statuses: Record<string, number> = {};
    const errors: Record<string, unknown> = {};
    for (const id of ids.split(',').filter(Boolean)) {
      const organization = organizations.get(id);
      statuses[id] = organization ? 200 : 404;
      if (organization) results[id] = view(organization);
      else errors[id] = { status: 404, message: `Organization ${id} not found` };
    }
    host.send(response, 200, { results, statuses, errors });
  }

  /** Answers the request when it is one of this module's; false otherwise. */
  function route(method: string | undefined, url: URL, headers: IncomingHttpHeaders, response: ServerResponse): boolean {
    if (method !== 'GET') return false;
    if (url.pathname === '/rest/organizationAcls') acls(url, headers, response);
    else if (url.pathname === '/rest/organizations' || url.pathname.startsWith('/rest/organizations/')) lookup(url, headers, response);
    else return false;
    return true;
  }

  return {
    route,
    actingAs,
    /** What tests drive: the pages that exist and who administers them. */
    controls: {
      add: (organization: FakeOrganization) => void organizations.set(organization.id, { ...organization }),
      /** The member loses (or gains) the administrator role, as a page's super admin can do at any time. */
      setAdministrators: (id: string, administrators: string[]) => {
        const organization = organizations.get(id);
        if (organization) organization.administrators = [...administrators];
      },
      aclQueries: (): URLSearchParams[] => [...aclQueries],
    },
  };
}
