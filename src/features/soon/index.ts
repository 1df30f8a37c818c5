export { ExchangePage, NotificationsPage } from './SoonPage';
