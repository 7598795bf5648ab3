export { WebinarBanner, WebinarBannerView } from './webinar-banner'
