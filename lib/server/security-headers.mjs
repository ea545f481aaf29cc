// The header rules of next.config.mjs (its `headers()`), in a plain module of their own: the
// production server's API router (lib/api/router.ts) adds the same headers to the answers it
// gives, so both take them from here. One rule, the security headers on every path: the router
// refuses to run with any other (lib/api/router.ts), so a rule for some paths only, or one with
// conditions, must be taught to the router first.

// Sent on every response, pages and API alike.
export const SECURITY_HEADERS = [
  {
    key: "Content-Security-Policy",
    value: [
      "default-src 'self'",
      // Next injects inline bootstrap scripts; the dev server also needs eval.
      `script-src 'self' 'unsafe-inline'${process.env.NODE_ENV === "development" ? " 'unsafe-eval'" : ""}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join("; "),
  },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

/** What next.config.mjs's `headers()` answers. */
export const HEADER_RULES = [{ source: "/:path*", headers: SECURITY_HEADERS }];
