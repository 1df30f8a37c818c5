export { HomePage } from './HomePage';
export { BuySellPage } from './BuySellPage';
