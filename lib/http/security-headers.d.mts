// Types of the plain-JavaScript header rules next.config.js reads (security-headers.mjs).
interface HeaderRule {
  source: string;
  has?: { type: "header"; key: string; value: string }[];
  headers: { key: string; value: string }[];
}
export declare function contentSecurityPolicy(options?: { development?: boolean }): string;
export declare const PERMISSIONS_POLICY: string;
export declare const STRICT_TRANSPORT_SECURITY: string;
export declare function securityHeaderRules(options?: { development?: boolean }): HeaderRule[];
