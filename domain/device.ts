/** spec (shell 9): below 768 px the studio shows the mobile gate. */
export const MOBILE_BREAKPOINT = 768;

const PHONE_OR_TABLET = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|Tablet|Silk|Kindle/i;

export function isPhoneOrTabletUserAgent(ua: string): boolean {
  return PHONE_OR_TABLET.test(ua);
}

export function shouldShowMobileGate(viewportWidth: number, userAgent: string): boolean {
  return viewportWidth < MOBILE_BREAKPOINT || isPhoneOrTabletUserAgent(userAgent);
}
