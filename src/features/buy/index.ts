export { BuyGetPage, BuyOrderPage, BuyPayPage, BuyReviewPage, BuyStatusPage } from './pages';
