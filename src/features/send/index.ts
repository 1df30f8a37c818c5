export { SendPage } from './SendPage';
export { PayPage } from './PayPage';
