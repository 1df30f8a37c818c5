export { BuyGetPage } from './BuyGetPage';
export { BuyPage } from './BuyPage';
