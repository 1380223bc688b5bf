/**
 * Files are opened by <img>/<a>, which cannot send the bearer header: the same ID token also goes in
 * a cookie scoped to the file download path only.
 */
export function setFileCookie(token: string | undefined) {
  if (typeof document === 'undefined') return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = token
    ? `portal_id=${token}; path=/api/v1/arquivos; SameSite=Strict${secure}`
    : `portal_id=; path=/api/v1/arquivos; Max-Age=0; SameSite=Strict${secure}`;
}
