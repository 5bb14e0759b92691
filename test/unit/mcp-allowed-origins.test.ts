import { ConfigError, envToConfig } from '#shared/config';

/** MCP_ALLOWED_ORIGINS (shared/config.ts; docs/decisions/0164-mcp-origin-rule.md). */
describe('MCP allowed origins', () => {
  it("defaults to PUBLIC_BASE_URL's origin alone", () => {
    expect(envToConfig({}).mcpAllowedOrigins).toEqual(['http://127.0.0.1:3000']);
    expect(envToConfig({ PUBLIC_BASE_URL: 'https://api.example.com/v1' }).mcpAllowedOrigins).toEqual(['https://api.example.com']);
  });

  it('adds the listed origins, written as URL.origin writes them', () => {
    const origins = envToConfig({
      PUBLIC_BASE_URL: 'https://api.example.com/v1',
      MCP_ALLOWED_ORIGINS: ' https://Agents.Example.org , http://localhost:5173/, https://api.example.com:443 ',
    }).mcpAllowedOrigins;
    expect(origins).toEqual(['https://api.example.com', 'https://agents.example.org', 'http://localhost:5173']);
  });

  it.each(['agents.example.org', 'ftp://example.org', 'https://example.org/path', 'https://example.org?x=1', 'https://u:p@example.org'])(
    'refuses %s at start-up',
    (entry) => {
      expect(() => envToConfig({ MCP_ALLOWED_ORIGINS: entry })).toThrow(ConfigError);
    },
  );
});
