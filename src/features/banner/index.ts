export { WebinarBanner } from './webinar-banner'
