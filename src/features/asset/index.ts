export { AssetPage } from './AssetPage';
export { ReceivePage } from './ReceivePage';
export { TransactionPage } from './TransactionPage';
