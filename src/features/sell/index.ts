export { SellGetPage } from './SellGetPage';
export { SellPage, SellPayPage } from './SellPage';
