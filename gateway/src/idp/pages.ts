import { createHash } from 'node:crypto';

/** Minimal, dependency-free HTML for the few pages the identity provider renders itself. */

const LOGOUT_SCRIPT =
  "(function(){var f=document.getElementById('op.logoutForm');var i=document.createElement('input');i.type='hidden';i.name='logout';i.value='yes';f.appendChild(i);f.submit();})();";

/**
 * CSP for every HTML page under the realm. form-action must list the app origins: browsers apply
 * it to the redirects that follow a form post (sign-in and sign-out both end on the app).
 */
export function pagePolicy(appOrigins: readonly string[]): string {
  const scriptHash = createHash('sha256').update(LOGOUT_SCRIPT).digest('base64');
  return [
    "default-src 'none'",
    "style-src 'unsafe-inline'",
    `script-src 'sha256-${scriptHash}'`,
    `form-action 'self' ${appOrigins.join(' ')}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ].join('; ');
}

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:22rem;margin:3rem auto;padding:0 1rem}
input,button{display:block;width:100%;box-sizing:border-box;margin:.5rem 0;padding:.6rem;font-size:1rem}
.error{color:#b00020}</style></head><body>${body}</body></html>`;
}

export function loginPage(opts: { action: string; email?: string; error?: string }): string {
  const error = opts.error ? `<p class="error" role="alert">${escapeHtml(opts.error)}</p>` : '';
  return page(
    'Sign in',
    `<h1>Sign in</h1>${error}
<form method="post" action="${escapeHtml(opts.action)}" autocomplete="on">
<label>E-mail<input name="email" type="email" autocomplete="username" required value="${escapeHtml(opts.email ?? '')}"></label>
<label>Password<input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit">Sign in</button></form>
<form method="post" action="${escapeHtml(opts.action)}/abort"><button type="submit">Cancel</button></form>`,
  );
}

/** `form` is the provider's own hidden form (it carries the xsrf token); submitted straight away. */
export function logoutPage(form: string): string {
  return page(
    'Signing out',
    `${form}<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>
<script>${LOGOUT_SCRIPT}</script>`,
  );
}

export function loggedOutPage(): string {
  return page('Signed out', '<h1>You are signed out</h1>');
}

export function errorPage(out: { error?: string; error_description?: string }): string {
  return page(
    'Sign-in error',
    `<h1>Something went wrong</h1><p>${escapeHtml(out.error_description ?? out.error ?? 'error')}</p>`,
  );
}
